// `npm run new:resource -- <description.json>`: writes the files of a plain declared resource (a
// table, the five routes, its screens, its labels in English and Korean, its API test) from a short
// description, so a new resource starts from code that already passes every check. What each file
// holds, and how to change it afterwards, is docs/adding-a-resource.md.
//
// The description (docs/adding-a-resource.md shows Holidays'):
//   { "name": "holidays", "noun": ["holiday", "공휴일"], "title": ["Holidays", "공휴일"],
//     "group": "systemSetting",
//     "fields": { "<field>": ["<kind>", "English label", "한국어 label"], ... } }
// Field kinds: text (up to 100 characters, required), note (up to 500, optional), day (YYYY-MM-DD),
// country (a code of the countries table), flag (Y/N, Y when not given); `?` after a kind
// (`day?`, `country?`) makes it optional. The first text field names a record in the activity log.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { migrationChecksum } from './migrationChecksum.ts';

const KINDS = ['text', 'note', 'day', 'country', 'flag'];
const GROUPS = { project: 5, systemSetting: 1, collectData: 2, systemLog: 1, userManagement: 4 };
const GROUP_PATHS = { project: '/project', systemSetting: '/system', collectData: '/data', systemLog: '/system', userManagement: '/user' };

function fail(message) {
  console.error(`new:resource: ${message}`);
  process.exit(1);
}

const camel = (name) => name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
const pascal = (name) => camel(name).replace(/^\w/, (letter) => letter.toUpperCase());
const snake = (field) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const quote = (text) => `'${String(text).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The description read and checked: every mistake is named before a file is written. */
export function readDescription(text) {
  let description;
  try {
    description = JSON.parse(text);
  } catch (error) {
    fail(`the description is not JSON: ${error.message}`);
  }
  const { name, noun, title, group, fields } = description;
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name ?? '')) fail('"name" must be lower-case words joined by hyphens, e.g. "holidays"');
  if (!Array.isArray(noun) || noun.length !== 2) fail('"noun" must be ["english noun", "한국어 명사"]');
  if (!Array.isArray(title) || title.length !== 2) fail('"title" must be ["English title", "한국어 제목"]');
  if (!(group in GROUPS)) fail(`"group" must be one of ${Object.keys(GROUPS).join(', ')}`);
  const list = Object.entries(fields ?? {}).map(([field, [kindText, en, ko]]) => {
    const kind = String(kindText).replace(/\?$/, '');
    if (!/^[a-z][A-Za-z0-9]*$/.test(field)) fail(`field "${field}" must be a camelCase name`);
    if (!KINDS.includes(kind)) fail(`field "${field}": kind must be one of ${KINDS.join(', ')}, optionally followed by ?`);
    if (!en || !ko) fail(`field "${field}" needs an English and a Korean label`);
    return { field, kind, optional: kind === 'note' || String(kindText).endsWith('?'), en, ko };
  });
  if (!list.some((entry) => entry.kind === 'text' && !entry.optional)) fail('at least one required text field is needed: it names a record');
  return { name, noun, title, group, fields: list };
}

function sharedFile(d) {
  const one = pascal(d.noun[0].replace(/\s+/g, '-'));
  const rule = ({ kind, optional }) =>
    ({
      text: optional ? 'z.string().trim().max(100).nullish()' : 'z.string().trim().min(1, msg.required).max(100)',
      note: 'z.string().trim().max(500).nullish()',
      day: optional ? 'day.nullish()' : 'day',
      country: optional ? 'optionalCode' : "code('countryRequired')",
      flag: "yesNo.default('Y')",
    })[kind];
  const stored = ({ kind, optional }) => (kind === 'flag' ? 'yesNo' : optional ? 'z.string().nullable()' : 'z.string()');
  const naming = d.fields.find((entry) => entry.kind === 'text' && !entry.optional).field;
  const days = d.fields.filter((entry) => entry.kind === 'day');
  const filters = [
    "id: { kind: 'eq', type: 'integer' }",
    ...d.fields.filter((entry) => entry.kind === 'flag' || entry.kind === 'country').map((entry) => `${entry.field}: { kind: 'eq', type: 'text' }`),
    ...days.flatMap((entry) => [`${entry.field}From: { kind: 'fromDay', field: '${entry.field}' }`, `${entry.field}To: { kind: 'toDay', field: '${entry.field}' }`]),
  ];
  const sortable = ['id', ...d.fields.filter((entry) => entry.kind !== 'note').map((entry) => entry.field), 'updatedAt', 'createdAt'];
  const defaultSort = days[0] ? [days[0].field, 'DESC'] : [naming, 'ASC'];
  const searched = d.fields.filter((entry) => entry.kind === 'text' || entry.kind === 'note').map((entry) => entry.field);
  const imports = [
    'yesNo',
    ...(d.fields.some((entry) => entry.kind === 'day') ? ['day'] : []),
    ...(d.fields.some((entry) => entry.kind === 'country' && !entry.optional) ? ['code'] : []),
    ...(d.fields.some((entry) => entry.kind === 'country' && entry.optional) ? ['optionalCode'] : []),
  ];
  return `import { z } from 'zod';
import { AREA_RANK } from '../ranks';
import { envelopeOf, listEnvelopeOf } from '../envelope';
import { ${imports.join(', ')} } from '../fields';
import { msg } from '../validation-messages';
import { field } from './history';
import { declareResource } from './define';

export const ${camel(d.noun[0].replace(/\s+/g, '-'))}Input = z.strictObject({
${d.fields.map((entry) => `  ${entry.field}: ${rule(entry)},`).join('\n')}
});

export const ${camel(d.noun[0].replace(/\s+/g, '-'))}Schema = z.object({
  id: z.number(),
${d.fields.map((entry) => `  ${entry.field}: ${stored(entry)},`).join('\n')}
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ${one} = z.infer<typeof ${camel(d.noun[0].replace(/\s+/g, '-'))}Schema>;

/** ${d.title[0]}: ${d.fields.map((entry) => entry.en.toLowerCase()).join(', ')}. */
export const ${camel(d.name)}Resource = declareResource({
  name: '${d.name}',
  path: '/${d.name}',
  rank: { read: AREA_RANK.${d.group}, write: AREA_RANK.${d.group} },
  noun: ${quote(d.noun[0])},
  history: { name: field('${naming}') },
  schemas: { input: ${camel(d.noun[0].replace(/\s+/g, '-'))}Input, record: ${camel(d.noun[0].replace(/\s+/g, '-'))}Schema, list: listEnvelopeOf(${camel(d.noun[0].replace(/\s+/g, '-'))}Schema), one: envelopeOf(${camel(d.noun[0].replace(/\s+/g, '-'))}Schema) },
  list: {
    sortable: [${sortable.map(quote).join(', ')}],
    defaultSort: [${quote(defaultSort[0])}, ${quote(defaultSort[1])}],
    filters: { ${filters.join(', ')} },
    search: [${searched.map(quote).join(', ')}],
  },
});
`;
}

function migrationFile(d) {
  const table = snake(camel(d.name));
  const column = ({ field, kind, optional }) => {
    const type = 'text';
    const notNull = !optional || kind === 'flag';
    return `    .addColumn('${snake(field)}', '${type}'${notNull ? `, (col) => col.notNull()${kind === 'flag' ? ".defaultTo('Y')" : ''}` : ''})`;
  };
  const indexed = d.fields.filter((entry) => entry.kind === 'day' || (entry.kind === 'text' && !entry.optional));
  return `import type { Kysely } from 'kysely';
import { withId } from './columns';

/** ${d.title[0]}: ${d.fields.map((entry) => entry.en.toLowerCase()).join(', ')}. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('${table}'))
${d.fields.map(column).join('\n')}
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
${indexed.map((entry) => `  await db.schema.createIndex('${table}_${snake(entry.field)}_idx').on('${table}').column('${snake(entry.field)}').execute();`).join('\n')}
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('${table}').execute();
}
`;
}

function moduleFile(d) {
  const countries = d.fields.filter((entry) => entry.kind === 'country');
  const check = countries.length
    ? `
    // A country is a code of the countries table: one it does not hold is a field error, said where the form shows it.
    check: async (input) => {
      const errors = [${countries.map((entry) => `...(input.${entry.field} ? await unknownCode(db, 'countries', input.${entry.field}, '${entry.field}', 'a country') : [])`).join(', ')}];
      if (errors.length) throw validationError(errors);
    },`
    : '';
  return `import type { FastifyInstance } from 'fastify';
import { ${camel(d.name)}Resource } from '../../../src/shared/resources/${d.name}';
import { crudRoutes } from '../../http/crud-routes';
import { tableStore } from '../../db/table-store';
${countries.length ? "import { validationError } from '../../http/app-error';\nimport { unknownCode } from '../../collect/code-tables';\n" : ''}
/** /api/${d.name}: ${d.title[0]} (rank ${GROUPS[d.group]}). */
export async function ${camel(d.name)}Module(app: FastifyInstance) {
  const { db } = app.ctx;
  crudRoutes(app, ${camel(d.name)}Resource, {
    store: tableStore(db, ${camel(d.name)}Resource, { table: '${snake(camel(d.name))}' }),${check}
  });
}
`;
}

function resourceIndex(d, menuOrder) {
  const one = pascal(d.noun[0].replace(/\s+/g, '-'));
  const naming = d.fields.find((entry) => entry.kind === 'text' && !entry.optional).field;
  // A phone's card: the record's name, then its first day and whether it is in use, where it has them.
  const day = d.fields.find((entry) => entry.kind === 'day');
  const flag = d.fields.find((entry) => entry.kind === 'flag');
  const cardImports = [...(flag ? ['activeLine'] : []), ...(day ? ['dateLine'] : [])];
  const cards = [`primary: '${naming}'`, ...(day ? [`secondary: dateLine('${day.field}')`] : []), ...(flag ? [`tertiary: activeLine('${flag.field}')`] : [])].join(', ');
  return `import { lazy } from 'react';
import EventIcon from '@mui/icons-material/Event';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
${cardImports.length ? `import { ${cardImports.join(', ')} } from '../cardLines';\n` : ''}
/** ${d.title[0]}. Views load on first use. */
const ${camel(d.name)}: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: '${d.name}',
  listPath: '${GROUP_PATHS[d.group]}/${d.name}',
  title: 'resources.${d.name}.title',
  group: '${d.group}',
  menuOrder: ${menuOrder},
  requireRank: AREA_RANK.${d.group},
  icon: EventIcon,
  list: lazy(() => import('./${one}Views').then((module) => ({ default: module.${one}List }))),
  cards: { ${cards} },
  create: lazy(() => import('./${one}Views').then((module) => ({ default: module.${one}Create }))),
  edit: lazy(() => import('./${one}Views').then((module) => ({ default: module.${one}Edit }))),
  show: lazy(() => import('./${one}Views').then((module) => ({ default: module.${one}Show }))),
  recordRepresentation: '${naming}',
};

export default ${camel(d.name)};
`;
}

function viewsFile(d) {
  const one = pascal(d.noun[0].replace(/\s+/g, '-'));
  const lower = camel(d.noun[0].replace(/\s+/g, '-'));
  const naming = d.fields.find((entry) => entry.kind === 'text' && !entry.optional).field;
  const has = (kind) => d.fields.some((entry) => entry.kind === kind);
  const input = ({ field, kind, optional }) =>
    ({
      text: `<TextInput source="${field}"${optional ? '' : ' isRequired'} />`,
      note: `<TextInput source="${field}" multiline fullWidth />`,
      day: `<ConsoleDateInput source="${field}"${optional ? '' : ' isRequired'} />`,
      country: `<CodeInput kind="countries" source="${field}"${optional ? '' : ' isRequired'} />`,
      flag: '<ActiveFlagInput />',
    })[kind];
  const column = ({ field, kind }) =>
    ({
      text: field === naming ? `<Column source="${field}" field={RecordLink} />` : `<Column source="${field}" />`,
      note: `<Column source="${field}" disableSort />`,
      day: `<Column source="${field}" />`,
      country: `<Column source="${field}">\n          <PropertyCodeField kind="countries" source="${field}" />\n        </Column>`,
      flag: `<Column source="${field}">\n          <ActiveFlagField />\n        </Column>`,
    })[kind];
  const shown = ({ field, kind }) =>
    ({
      text: `<TextField source="${field}" />`,
      note: `<TextField source="${field}" />`,
      day: `<TextField source="${field}" />`,
      country: `<PropertyCodeField kind="countries" source="${field}" label="resources.${d.name}.fields.${field}" />`,
      flag: `<ActiveFlagField label="resources.${d.name}.fields.${field}" />`,
    })[kind];
  const filters = [
    '<ConsoleSearchInput key="q" source="q" alwaysOn />',
    ...d.fields.filter((entry) => entry.kind === 'flag').map((entry) => `<SelectInput key="${entry.field}" source="${entry.field}" choices={activeFlagChoices} />`),
    ...d.fields.filter((entry) => entry.kind === 'country').map((entry) => `<CodeInput key="${entry.field}" kind="countries" source="${entry.field}" />`),
    ...d.fields
      .filter((entry) => entry.kind === 'day')
      .flatMap((entry) => [`<ConsoleDateInput key="${entry.field}From" source="${entry.field}From" filter />`, `<ConsoleDateInput key="${entry.field}To" source="${entry.field}To" filter />`]),
  ];
  const days = d.fields.filter((entry) => entry.kind === 'day');
  const sort = days[0] ? `{ field: '${days[0].field}', order: 'DESC' }` : `{ field: '${naming}', order: 'ASC' }`;
  const raImports = ['Create', 'DataTable', 'Edit', ...(has('flag') ? ['SelectInput'] : []), 'Show', 'SimpleForm', 'SimpleShowLayout', 'TextField', 'TextInput'];
  const defaults = d.fields.filter((entry) => entry.kind === 'flag').map((entry) => `${entry.field}: 'Y'`);
  return `import { ${raImports.join(', ')} } from 'react-admin';
import { ${lower}Input, type ${one} } from '../../shared/resources/${d.name}';
import { ConsoleList } from '../ConsoleList';
import { ConsoleBulkDeleteButton, ConsoleEditToolbar } from '../ConsoleDeleteButton';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { ListActions } from '../ListActions';
import { RecordLink } from '../RecordLink';
import { inputOf, zodValidator } from '../zodForm';
import { useSaveNotice } from '../useSaveNotice';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';
${has('day') ? "import { ConsoleDateInput } from '../../components/ConsoleDateInput';\n" : ''}${has('flag') ? "import { ActiveFlagField } from '../../components/ActiveFlagField';\nimport { ActiveFlagInput } from '../../components/ActiveFlagInput';\nimport { activeFlagChoices } from '../../components/activeFlagChoices';\n" : ''}${has('country') ? "import { CodeInput } from '../../components/CodeInput';\nimport { PropertyCodeField } from '../../components/PropertyCodeField';\n" : ''}
const Column = DataTable.Col<${one}>;

const filters = [${filters.join(', ')}];

export function ${one}List() {
  return (
    <ConsoleList resource="${d.name}" filters={filters} sort={${sort}} perPage={10} actions={<ListActions exporter />}>
      <ConsoleDataTable rowClick="edit" bulkActionButtons={<ConsoleBulkDeleteButton />}>
        ${d.fields.map(column).join('\n        ')}
        <Column source="updatedAt">
          <ConsoleDateField source="updatedAt" showTime />
        </Column>
      </ConsoleDataTable>
    </ConsoleList>
  );
}

/** Inputs shared by the create and edit forms. */
function ${one}Inputs() {
  return (
    <>
      ${d.fields.map(input).join('\n      ')}
    </>
  );
}

export function ${one}Create() {
  return (
    <Create {...useSaveNotice('created', 'list')} transform={inputOf(${lower}Input)}>
      <SimpleForm validate={zodValidator(${lower}Input)}${defaults.length ? ` defaultValues={{ ${defaults.join(', ')} }}` : ''}>
        <${one}Inputs />
      </SimpleForm>
    </Create>
  );
}

/** Pessimistic: the save waits for the server's answer; the delete is the console's (ConsoleEditToolbar). */
export function ${one}Edit() {
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'list')} transform={inputOf(${lower}Input)}>
      <SimpleForm validate={zodValidator(${lower}Input)} toolbar={<ConsoleEditToolbar />}>
        <${one}Inputs />
      </SimpleForm>
    </Edit>
  );
}

export function ${one}Show() {
  return (
    <Show>
      <SimpleShowLayout>
        ${d.fields.map(shown).join('\n        ')}
        <ConsoleDateField source="createdAt" showTime />
        <ConsoleDateField source="updatedAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
`;
}

function labelFile(d, language) {
  const en = language === 'en';
  const at = en ? 1 : 2;
  const name = camel(d.name);
  const day = d.fields.filter((entry) => entry.kind === 'day');
  const fields = [
    ...d.fields.map((entry) => [entry.field, entry[en ? 'en' : 'ko']]),
    ...day.flatMap((entry) => [
      [`${entry.field}From`, en ? `${entry.en} from` : `${entry.ko} 시작`],
      [`${entry.field}To`, en ? `${entry.en} to` : `${entry.ko} 끝`],
    ]),
    ['createdAt', en ? 'Created' : '생성일'],
    ['updatedAt', en ? 'Updated' : '수정일'],
    ['q', en ? 'Search' : '검색'],
  ];
  const [nounEn, nounKo] = d.noun;
  const title = d.title[at - 1];
  const head = en
    ? `/** react-admin messages of the \`${d.name}\` resource (resources.${d.name}.*). */\nexport const ${name}En = {`
    : `import type { ${name}En } from './${d.name}.en';\n\n/** Korean messages of the \`${d.name}\` resource. */\nexport const ${name}Ko: typeof ${name}En = {`;
  const notices = en
    ? { created: `${cap(nounEn)} %{name} added`, updated: `${cap(nounEn)} %{name} saved`, deleted: `${cap(nounEn)} deleted |||| %{smart_count} ${d.title[0].toLowerCase()} deleted` }
    : { created: `${nounKo} %{name} 추가됨`, updated: `${nounKo} %{name} 저장됨`, deleted: `${nounKo} 삭제됨 |||| ${nounKo} %{smart_count}개 삭제됨` };
  return `${head}
  name: ${quote(en ? `${cap(nounEn)} |||| ${d.title[0]}` : `${nounKo} |||| ${nounKo}`)},
  title: ${quote(title)},
  fields: {
${fields.map(([field, label]) => `    ${field}: ${quote(label)},`).join('\n')}
  },
  notifications: {
    created: ${quote(notices.created)},
    updated: ${quote(notices.updated)},
    deleted: ${quote(notices.deleted)},
  },
};
${en ? '' : `\n/** What the server's messages call one record (the declaration's \`noun\`), in Korean. */\nexport const nouns = { ${/^\w+$/.test(nounEn) ? nounEn : quote(nounEn)}: ${quote(nounKo)} };\n`}`;
}

const cap = (text) => text.replace(/^\w/, (letter) => letter.toUpperCase());

function apiTestFile(d) {
  const naming = d.fields.find((entry) => entry.kind === 'text' && !entry.optional).field;
  const body = (suffix) =>
    Object.fromEntries(
      d.fields
        .filter((entry) => !entry.optional || entry.kind === 'country')
        .map(({ field, kind }) => [field, { text: `${cap(d.noun[0])} ${suffix}`, day: '2031-05-05', country: 'KR', flag: 'Y' }[kind]]),
    );
  const dayField = d.fields.find((entry) => entry.kind === 'day');
  const countryField = d.fields.find((entry) => entry.kind === 'country');
  const rank = GROUPS[d.group];
  // The account one rank below the resource's (none below a user's rank but the signed-out).
  const below = { 1: 'global-admin', 2: 'region-admin', 3: 'local-admin', 4: 'user' }[rank];
  return `import { describe, expect, it } from 'vitest';
import { dbSnapshot, type RankAccounts, type TestApp, withRankAccounts } from './harness';

let t: TestApp;
let accounts: RankAccounts;
let admin: string;
withRankAccounts((suite) => ({ t, accounts, admin } = suite));

const create = (body: unknown, token = admin) => t.call('POST', '/api/${d.name}', { token, body });
const list = (params: Record<string, unknown>, token = admin) =>
  t.call('GET', \`/api/${d.name}?\${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([key, value]) => [key, JSON.stringify(value)])))}\`, { token });

describe('${d.name}', () => {
  it('creates, reads, updates and deletes', async () => {
    const created = await create(${JSON.stringify(body('one'))});
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect((await t.call('GET', \`/api/${d.name}/\${id}\`, { token: admin })).body.data).toMatchObject(${JSON.stringify(body('one'))});
    const updated = await t.call('PUT', \`/api/${d.name}/\${id}\`, { token: admin, body: ${JSON.stringify(body('renamed'))} });
    expect(updated.body.data.${naming}).toBe(${quote(`${cap(d.noun[0])} renamed`)});
    expect((await t.call('DELETE', \`/api/${d.name}/\${id}\`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', \`/api/${d.name}/\${id}\`, { token: admin })).status).toBe(404);
  });

  it('refuses bad input with a field message, saving nothing', async () => {
    const before = await dbSnapshot(t, []);
    const reply = await create({ ...${JSON.stringify(body('bad'))}, ${naming}: '' });
    expect(reply.status).toBe(400);
    expect(reply.body.data.errors[0].field).toBe('${naming}');
    expect((await create({ ...${JSON.stringify(body('bad'))}, unknownField: 1 })).status).toBe(400);${
      countryField
        ? `
    const unknown = await create({ ...${JSON.stringify(body('bad'))}, ${countryField.field}: 'ZZ' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.errors[0].field).toBe('${countryField.field}');`
        : ''
    }
    expect((await list({ filter: { q: 'bad' } })).body.data.totalCount).toBe(0);
    expect(await dbSnapshot(t, [])).toEqual(before);
  });
${
  dayField
    ? `
  it('filters by a range of days, both days included', async () => {
    for (const day of ['2031-01-01', '2031-01-02', '2031-01-03']) await create({ ...${JSON.stringify(body('ranged'))}, ${dayField.field}: day });
    const inRange = await list({ filter: { q: 'ranged', ${dayField.field}From: '2031-01-01', ${dayField.field}To: '2031-01-02' } });
    expect(inRange.body.data.list.map((row: { ${dayField.field}: string }) => row.${dayField.field}).sort()).toEqual(['2031-01-01', '2031-01-02']);
    expect((await list({ filter: { ${dayField.field}From: '2031-01-03', ${dayField.field}To: '2031-01-01' } })).status).toBe(400);
  });
`
    : ''
}
${
  below
    ? `
  it('is refused to the rank below ${rank}', async () => {
    expect((await list({}, accounts['${below}'].token)).status).toBe(403);
    expect((await create(${JSON.stringify(body('refused'))}, accounts['${below}'].token)).status).toBe(403);
  });
`
    : ''
}});
`;
}

function nextMigrationNumber(root) {
  const numbers = readdirSync(join(root, 'server/db/migrations'))
    .map((file) => /^(\d{3})_/.exec(file)?.[1])
    .filter(Boolean)
    .map(Number);
  return String(Math.max(0, ...numbers) + 1).padStart(3, '0');
}

function nextMenuOrder(root, group) {
  const orders = readdirSync(join(root, 'src/resources'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, 'src/resources', entry.name, 'index.ts')))
    .map((entry) => readFileSync(join(root, 'src/resources', entry.name, 'index.ts'), 'utf8'))
    .filter((text) => text.includes(`group: '${group}'`))
    .map((text) => Number(/menuOrder:\s*(\d+)/.exec(text)?.[1] ?? 0));
  return Math.max(0, ...orders) + 10;
}

/** Every file of the resource, by path from the repository's root. */
export function resourceFiles(d, root) {
  const one = pascal(d.noun[0].replace(/\s+/g, '-'));
  const migration = `${nextMigrationNumber(root)}_${snake(camel(d.name))}.ts`;
  return {
    [`src/shared/resources/${d.name}.ts`]: sharedFile(d),
    [`server/db/migrations/${migration}`]: migrationFile(d),
    [`server/modules/${d.name}/index.ts`]: moduleFile(d),
    [`src/resources/${d.name}/index.ts`]: resourceIndex(d, nextMenuOrder(root, d.group)),
    [`src/resources/${d.name}/${one}Views.tsx`]: viewsFile(d),
    [`src/i18n/resources/${d.name}.en.ts`]: labelFile(d, 'en'),
    [`src/i18n/resources/${d.name}.ko.ts`]: labelFile(d, 'ko'),
    [`tests/api/${d.name}.spec.ts`]: apiTestFile(d),
  };
}

const [descriptionPath, rootArgument] = process.argv.slice(2);
if (!descriptionPath) fail('usage: npm run new:resource -- <description.json>  (docs/adding-a-resource.md)');
const root = rootArgument ?? process.cwd();
const description = readDescription(readFileSync(descriptionPath, 'utf8'));
const files = resourceFiles(description, root);
const taken = Object.keys(files).filter((path) => existsSync(join(root, path)) || (path.startsWith('src/resources/') && existsSync(join(root, dirname(path)))));
if (taken.length) fail(`already there, nothing written: ${taken.join(', ')}`);
// Written as the repository's Prettier settings format them, so the files pass `npm run lint` as they are.
const prettier = await import('prettier');
for (const [path, text] of Object.entries(files)) {
  mkdirSync(join(root, dirname(path)), { recursive: true });
  const options = await prettier.resolveConfig(join(root, path));
  writeFileSync(join(root, path), await prettier.format(text, { ...options, filepath: join(root, path) }));
  console.log(`wrote ${path}`);
}
const migration = Object.keys(files).find((path) => path.startsWith('server/db/migrations/'));
const checksum = migrationChecksum(readFileSync(join(root, migration), 'utf8'));
console.log(`
Next:
  1. Read the files and change what your resource needs (docs/adding-a-resource.md says what each holds).
  2. When the migration is final, add its line to server/db/migrations/checksums.txt:
       ${migration.split('/').pop()} ${checksum}
     (after an edit to its code: node scripts/migrationChecksum.ts ${migration}).
  3. npm run docs:resources   (adds the resource's row to docs/api.md)
  4. npx vitest run tests/api/${description.name}.spec.ts tests/api/resource-declarations.spec.ts`);
