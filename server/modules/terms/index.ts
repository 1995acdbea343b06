import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EFFECTIVE_AT_TOLERANCE_MS, termAgreementListResponse, termVersionResponse, termVersionInput } from '../../../src/shared';
import { termsResource } from '../../../src/shared/resources/terms';
import { msg } from '../../../src/shared/validation-messages';
import { isoNow, type Clock } from '../../clock';
import { rejectDuplicate } from '../../db/unique-violation';
import { AppError, validationError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import { success } from '../../http/envelope';
import { idParams, recordId } from '../../http/id-params';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import { deleteUnagreedTerm, insertTerm, insertVersion, updateScheduledVersion, updateTerm, type VersionValues } from './commands';
import { isBlankContent, sanitiseTermContent } from './content';
import { termReacceptanceResponse } from '../../../src/shared/term-reacceptance';
import { agreementListSpec, countSigningInAccounts, findTerm, findTerms, findVersion, labelTaken, listAgreements, listTerms } from './queries';
import { sentence } from '../../../src/i18n/serverMessage';
import { rowHomes } from '../../db/record-rows';

const versionParams = idParams.extend({ detailId: recordId });

const noSuchVersion = () => new AppError('NOT_FOUND', sentence('terms.noSuchVersionOfThis'));

function duplicateLabel(termsVersion: string): AppError {
  const message = sentence('terms.versionAlreadyExistsForThis', { termsVersion });
  return new AppError('CONFLICT', message, { errors: [{ field: 'termsVersion', message }] });
}

/** Sanitised content and a start that is not in the past, or a field-level refusal. */
function checkedVersion(input: z.output<typeof termVersionInput>, clock: Clock): VersionValues {
  const errors = [];
  if (Date.parse(input.effectiveAt) < clock.now().getTime() - EFFECTIVE_AT_TOLERANCE_MS) errors.push({ field: 'effectiveAt', message: msg.effectiveAtPast });
  const content = sanitiseTermContent(input.content);
  if (isBlankContent(content)) errors.push({ field: 'content', message: msg.termContentRequired });
  if (errors.length) throw validationError(errors);
  return { termsVersion: input.termsVersion, effectiveAt: input.effectiveAt, content };
}

/** /api/terms: terms and their versions, and who agreed to them (System Setting, rank 1). */
export async function termsModule(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const { load, readers, writers } = crudRoutes(app, termsResource, {
    store: {
      // effectiveAt and versionCount are select aliases (subqueries), which ORDER BY accepts on both engines.
      columns: { effectiveAt: 'effectiveAt', versionCount: 'versionCount' },
      list: (request) => listTerms(db, request, isoNow(clock)),
      find: (id) => findTerm(db, id, isoNow(clock)),
      findMany: (ids) => findTerms(db, ids, isoNow(clock)),
      insert: ({ title, type, activeFlag, ...version }, now) => insertTerm(db, { title, type, activeFlag }, checkedVersion(version, clock), now),
      update: async (id, input, now) => Number((await updateTerm(db, id, input, now)).numUpdatedRows) > 0,
      async remove(term) {
        if (!(await deleteUnagreedTerm(db, term.id))) {
          throw new AppError('CONFLICT', sentence('terms.hasBeenAgreedToSo', { title: term.title }), { agreementCount: term.agreementCount });
        }
      },
    },
    // A term is created with its first version: a restore checks the term as created with the earliest it kept (its edit form has no version fields).
    form: ({ versions }) => {
      const [first] = [...(versions as { id: number; termsVersion: string; effectiveAt: string; content: string }[])].sort((a, b) => a.id - b.id);
      return first ? { termsVersion: first.termsVersion, effectiveAt: first.effectiveAt, content: first.content } : {};
    },
    // An inactive term is neither offered nor asked for: its save says so.
    messages: (event, term) =>
      ({
        added: sentence('terms.theTermHasBeenCreated'),
        saved: term.activeFlag === 'N' ? sentence('terms.theTermHasBeenSaved') : sentence('terms.theTermHasBeenSaved2'),
        deleted: undefined,
      })[event],
  });
  // Its list sorts by select aliases, so its store names no `table`: the row a delete takes is named here.
  rowHomes(app.ctx).set(termsResource.name, (id) => ({ table: 'terms', id: Number(id) }));
  routes.get('/terms/:id/agreements', { ...readers, schema: { params: idParams, querystring: listQuerystring, response: { 200: termAgreementListResponse } } }, async (request) => {
    const term = await load(request, request.params.id);
    return success(await listAgreements(db, term.id, parseListQuery(request.query, agreementListSpec)));
  });

  // Asked by the publish form before publishing: how many people a new version sends back to the terms step.
  routes.get('/terms/:id/reacceptance', { ...readers, schema: { params: idParams, response: { 200: termReacceptanceResponse } } }, async (request) => {
    const term = await load(request, request.params.id);
    const required = term.type === 'REQUIRED' && term.activeFlag === 'Y';
    const people = required ? await countSigningInAccounts(db) : 0;
    const message = required ? sentence('terms.publishingANewVersionAsks', { people, choice: people === 1 ? 'person' : 'people' }) : sentence('terms.thisTermIsNotRequired');
    return success({ required, people }, message);
  });

  routes.post('/terms/:id/versions', { ...writers, schema: { params: idParams, body: termVersionInput, response: { 200: termVersionResponse } } }, async (request) => {
    const term = await load(request, request.params.id);
    const version = checkedVersion(request.body, clock);
    if (await labelTaken(db, term.id, version.termsVersion)) throw duplicateLabel(version.termsVersion);
    const detailId = await rejectDuplicate(insertVersion(db, term.id, version, isoNow(clock)), () => duplicateLabel(version.termsVersion));
    const published = await findVersion(db, term.id, detailId, isoNow(clock));
    return success(published, sentence('terms.versionHasBeenPublished', { termsVersion: version.termsVersion }));
  });

  routes.get('/terms/:id/versions/:detailId', { ...readers, schema: { params: versionParams, response: { 200: termVersionResponse } } }, async (request) => {
    const version = await findVersion(db, request.params.id, request.params.detailId, isoNow(clock));
    if (!version) throw noSuchVersion();
    return success(version);
  });

  routes.put('/terms/:id/versions/:detailId', { ...writers, schema: { params: versionParams, body: termVersionInput, response: { 200: termVersionResponse } } }, async (request) => {
    const { id: termId, detailId } = request.params;
    const current = await findVersion(db, termId, detailId, isoNow(clock));
    if (!current) throw noSuchVersion();
    if (current.status === 'SCHEDULED') {
      const version = checkedVersion(request.body, clock);
      if (await labelTaken(db, termId, version.termsVersion, detailId)) throw duplicateLabel(version.termsVersion);
      if (!(await rejectDuplicate(updateScheduledVersion(db, termId, detailId, version, isoNow(clock)), () => duplicateLabel(version.termsVersion)))) {
        throw new AppError('CONFLICT', sentence('terms.versionTookEffectMeanwhileAnd', { termsVersion: current.termsVersion }));
      }
      return success(await findVersion(db, termId, detailId, isoNow(clock)), sentence('terms.versionHasBeenSaved', { termsVersion: version.termsVersion }));
    }
    // People may have agreed to what this version says, so it is never rewritten: the change becomes a new version.
    if (request.body.termsVersion === current.termsVersion) {
      throw validationError([{ field: 'termsVersion', message: sentence('terms.versionHasAlreadyTakenEffect', { termsVersion: current.termsVersion }) }]);
    }
    const version = checkedVersion(request.body, clock);
    if (await labelTaken(db, termId, version.termsVersion)) throw duplicateLabel(version.termsVersion);
    const newId = await rejectDuplicate(insertVersion(db, termId, version, isoNow(clock)), () => duplicateLabel(version.termsVersion));
    const published = await findVersion(db, termId, newId, isoNow(clock));
    return success({ ...published!, replacesDetailId: detailId }, sentence('terms.versionHasAlreadyTakenEffect2', { termsVersion: current.termsVersion, termsVersion2: version.termsVersion }));
  });
}
