import { lazy, Suspense, type ComponentType } from 'react';
import { TextField } from 'react-admin';
import { ActiveFlagField } from '../components/ActiveFlagField';
import { CodeChip } from '../components/CodeChip';
import { CodeField } from '../components/CodeField';
import { ConsoleDateField } from '../components/ConsoleDateField';
import type { CodeSet } from '../shared/code-sets';
import type { PropertyKind } from '../shared/property-kinds';
import type { CardLine } from './ConsoleResource';

/**
 * The words a card line is made of, for the resources' declarations (ConsoleResource `cards`):
 * the field components the tables use, so a card reads a code as its words and a date as
 * ConsoleDateField does. A resource's own field is `ownField`, loaded with its list, not the menu.
 */

/** A date, or a date and time, as the table's ConsoleDateField shows it. */
export function dateLine(source: string, showTime = false): ComponentType {
  return function DateLine() {
    return <ConsoleDateField source={source} showTime={showTime} emptyText="—" />;
  };
}

/** A code as its words (src/shared/code-sets.ts). */
export function codeLine(set: CodeSet, source: string): ComponentType {
  return function CodeLine() {
    return <CodeField set={set} source={source} />;
  };
}

/** A code as its chip's words (CodeChip, messages under `messages`). */
export function chipLine(source: string, messages: string): ComponentType {
  return function ChipLine() {
    return <CodeChip source={source} messages={messages} colors={{}} />;
  };
}

/** A value read as it is (a Project Properties key, an HTTP method), with the class its table column's field has. */
export function keyLine(source: string, className = 'ra-field-code'): ComponentType {
  return function KeyLine() {
    return <TextField source={source} className={className} />;
  };
}

/** In use / not in use. */
export function activeLine(source = 'activeFlag'): ComponentType {
  return function ActiveLine() {
    return <ActiveFlagField source={source} />;
  };
}

const PropertyCodeField = lazy(() => import('../components/PropertyCodeField').then((module) => ({ default: module.PropertyCodeField })));

/** A Project Properties code (advertiser, country, data type…) by its name. */
export function propertyLine(kind: PropertyKind, source: string): ComponentType {
  return function PropertyLine() {
    return (
      <Suspense fallback={null}>
        <PropertyCodeField kind={kind} source={source} />
      </Suspense>
    );
  };
}

/** A field component of the resource's own, loaded with its list (not with the menu, which reads every declaration). */
export function ownField(load: () => Promise<ComponentType>): ComponentType {
  const Field = lazy(() => load().then((component) => ({ default: component })));
  return function OwnField() {
    return (
      <Suspense fallback={null}>
        <Field />
      </Suspense>
    );
  };
}

/** A line's part that draws nothing (no region, no date) leaves no dot behind: ConsoleCardList puts the dots between the parts that show. */
function Part({ line }: { line: CardLine }) {
  if (typeof line === 'string') return <TextField source={line} emptyText="—" />;
  const Line = line;
  return <Line />;
}

/** Several values on one line, separated by a middle dot. */
export function joined(...lines: CardLine[]): ComponentType {
  return function Joined() {
    return (
      <>
        {lines.map((line, index) => (
          <span key={index} className="console-card-part">
            <Part line={line} />
          </span>
        ))}
      </>
    );
  };
}
