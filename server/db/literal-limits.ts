import {
  LimitNode,
  OperationNodeTransformer,
  ValueNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * Writes a query's LIMIT into its SQL as a number, on SQLite. SQLite's planner may use a LIMIT's
 * value, so binding one expires the statement: every run of a cached statement with `limit ?` was
 * prepared again (a list's page query: 42 us a run against 23 with the number written in), and
 * better-sqlite3 then compiled a new row constructor for it too. A limit is a count the server
 * chose or checked, so the SQL text varies only with the page size; an OFFSET binds harmlessly.
 */
export class LiteralLimits implements KyselyPlugin {
  readonly #transformer = new (class extends OperationNodeTransformer {
    protected override transformLimit(node: LimitNode): LimitNode {
      const { limit } = node;
      if (ValueNode.is(limit) && !limit.immediate && Number.isSafeInteger(limit.value)) return LimitNode.create(ValueNode.createImmediate(limit.value));
      return super.transformLimit(node);
    }
  })();

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    // Rebuilding a whole query costs as much again as compiling it: only one that holds a bound LIMIT is.
    return holdsBoundLimit(node) ? this.#transformer.transformNode(node) : node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/** Whether a LIMIT with a bound value is anywhere in the query, its subqueries included. */
function holdsBoundLimit(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (Array.isArray(node)) return node.some(holdsBoundLimit);
  const { kind } = node as { kind?: string };
  if (kind === 'LimitNode') return !(node as LimitNode & { limit: ValueNode }).limit.immediate;
  if (kind === 'ValueNode' || kind === 'IdentifierNode' || kind === 'ReferenceNode' || kind === 'ColumnNode' || kind === 'TableNode') return false;
  for (const key in node) if (holdsBoundLimit((node as Record<string, unknown>)[key])) return true;
  return false;
}
