/**
 * Sign-in + code verification round trips per second, as a ratio to a bare Fastify JSON route
 * measured in the same run, and the CPU one sign-in costs (target 50–500 ms: OWASP-grade
 * hashing that still does not let a few clients exhaust the server).
 */
import Fastify from 'fastify';
import { BENCH_EMAIL, BENCH_PASSWORD, ratio, startBenchServer, throughput } from './harness';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 8000);
const CONCURRENCY = 8;

async function post(url: string, body: unknown) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as { result: string; data: any };
}

const bare = Fastify({ logger: false });
bare.post('/json', async () => ({ result: 'SUCCESS', resultMessage: 'Success', data: { ok: true } }));
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
const server = await startBenchServer();

// One account per worker: a new challenge retires the same account's earlier codes.
const admin = await server.db.selectFrom('admins').selectAll().where('email', '=', BENCH_EMAIL).executeTakeFirstOrThrow();
const accounts = Array.from({ length: CONCURRENCY }, (_, i) => `bench${i}@example.com`);
for (const email of accounts) {
  const { id: _adminId, ...copy } = admin;
  await server.db
    .insertInto('admins')
    .values({ ...copy, email })
    .execute();
}
const agreements = await server.db.selectFrom('term_agreements').selectAll().where('admin_id', '=', admin.id).execute();
for (const email of accounts) {
  const { id } = await server.db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  for (const { term_version_id, agreed_at } of agreements) await server.db.insertInto('term_agreements').values({ admin_id: id, term_version_id, agreed_at }).execute();
}

const latestCode = (email: string) => server.latestCode(email);

/** A sign-in's round trip: the password step, then the code read from the outbox. */
async function signInRoundTrip(email: string): Promise<void> {
  const first = await post(`${server.address}/api/auth/signin`, { email, password: BENCH_PASSWORD });
  if (first.result !== 'OTP_REQUIRED') throw new Error(`sign-in failed: ${first.result}`);
  const second = await post(`${server.address}/api/auth/signin/otp`, { challengeToken: first.data.challengeToken, code: await latestCode(email) });
  if (second.result !== 'SUCCESS') throw new Error(`code step failed: ${second.result}`);
}

// CPU per sign-in, measured sequentially so nothing else shares the process.
const SAMPLES = 20;
const cpuBefore = process.cpuUsage();
const wallBefore = performance.now();
for (let i = 0; i < SAMPLES; i++) await signInRoundTrip(BENCH_EMAIL);
const cpu = process.cpuUsage(cpuBefore);
const cpuMsPerSignIn = (cpu.user + cpu.system) / 1000 / SAMPLES;
const wallMsPerSignIn = (performance.now() - wallBefore) / SAMPLES;

const bareRate = await throughput(async () => void (await post(`${bareAddress}/json`, { hello: 'world' })), CONCURRENCY, DURATION_MS);
const signInRate = await throughput((worker) => signInRoundTrip(accounts[worker]), CONCURRENCY, DURATION_MS);

console.log(`bare Fastify JSON route:        ${bareRate.toFixed(0)} req/s (baseline)`);
console.log(`sign-in + code round trips:     ${signInRate.toFixed(1)} /s`);
console.log(`ratio sign-in / bare route:     ${ratio(signInRate, bareRate)}`);
console.log(`CPU per sign-in (sequential):   ${cpuMsPerSignIn.toFixed(1)} ms (wall ${wallMsPerSignIn.toFixed(1)} ms)`);
const within = cpuMsPerSignIn >= 50 && cpuMsPerSignIn <= 500;
console.log(`hash cost within 50–500 ms CPU: ${within ? 'yes' : 'NO'}`);

await server.close();
await bare.close();
if (!within) process.exitCode = 1;
