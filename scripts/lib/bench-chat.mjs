// The chat run of `npm run bench` (issue 5): pairs of members exchange messages through the local Worker, each
// message sent as the app sends it with its live socket open (a `send` frame over the sender's WebSocket, the
// same rules and answer as POST /api/chat.php) and received over the recipient's. Reports
// send-to-receive latency and throughput, then checks the books: every member's credits equal the ledger's sum,
// one ledger row per message (a retried send is charged once), no message lost.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { percentile } from './stats.mjs';

const BASE_ID = 99_200_000;
const PRICE = 5; // flirtlokaal's message_credits

/**
 * SQL for 2*pairs confirmed premium members with sessions and enough credits (granted through the ledger), plus
 * `away` pairs for the notification-mail run: a sender and a recipient who is not online (issue 18). The away
 * recipients live in a country where it is daytime now, so quiet hours do not hold their mails during the run.
 * An away sender writes every message of its pair (a measured pair takes turns), so it gets twice the credits.
 */
export function chatBenchSetup(brand, pairs, perMember, away = 0, awayCountry = 'NL') {
  const run = randomBytes(4).toString('hex');
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 86_400_000).toISOString();
  const members = [];
  const sql = [];
  const awayMembers = [];
  for (let i = 0; i < (pairs + away) * 2; i++) {
    const id = BASE_ID + i;
    const isAway = i >= pairs * 2;
    const token = randomBytes(32).toString('base64url');
    (isAway ? awayMembers : members).push({ id, cookie: `auth=${token}` });
    const country = isAway ? awayCountry : 'NL';
    sql.push(
      `INSERT INTO members (id, tenant_id, email, status, credits, paid_user, signup_date, created_at) VALUES (${id}, '${brand}', 'chat${i}@bench.test', 'confirmed', 0, 1, '${now}', '${now}') ON CONFLICT (id) DO NOTHING;`,
      `INSERT INTO profiles (id, tenant_id, member_id, name, gender, sexuality, birthdate, country, last_active, created_at) VALUES (${id}, '${brand}', ${id}, 'Bench${i}', 'male', 'hetero', '1985-01-01', '${country}', '${now}', '${now}') ON CONFLICT (id) DO NOTHING;`,
      `INSERT INTO sessions (token_hash, tenant_id, member_id, created_at, expires_at) VALUES ('${createHash('sha256').update(token).digest('hex')}', '${brand}', ${id}, '${now}', '${later}');`,
      `INSERT INTO credit_ledger (tenant_id, member_id, delta, reason, ref, created_at) VALUES ('${brand}', ${id}, ${((isAway ? 2 * perMember : perMember) + 1) * PRICE}, 'seed', 'seed:bench-chat:${run}', '${now}');`,
    );
  }
  return { members, away: awayMembers, sql: sql.join('\n') };
}

/** A WebSocket client over node:http (it must send the Host header that picks the brand); text frames only. */
function openSocket(port, host, cookie, onText) {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/api/live.php',
      headers: {
        host,
        cookie,
        origin: `http://${host}`,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
      },
    });
    req.on('upgrade', (_res, socket) => {
      let buffer = Buffer.alloc(0);
      socket.on('data', (chunk) => {
        buffer = Buffer.concat([buffer, chunk]);
        for (;;) {
          if (buffer.length < 2) return;
          let len = buffer[1] & 0x7f;
          let offset = 2;
          if (len === 126) [len, offset] = [buffer.readUInt16BE(2), 4];
          else if (len === 127) [len, offset] = [Number(buffer.readBigUInt64BE(2)), 10];
          if (buffer.length < offset + len) return;
          if ((buffer[0] & 0x0f) === 1) onText(buffer.subarray(offset, offset + len).toString('utf8'));
          buffer = buffer.subarray(offset + len);
        }
      });
      resolve(socket);
    });
    req.on('response', (res) => reject(new Error(`live socket refused: ${res.statusCode}`)));
    req.on('error', reject);
    req.end();
  });
}

/** A client's text frame (RFC 6455: masked). */
function textFrame(text) {
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  const header =
    payload.length < 126
      ? Buffer.from([0x81, 0x80 | payload.length])
      : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  const masked = Buffer.alloc(payload.length);
  for (let i = 0; i < payload.length; i++) masked[i] = payload[i] ^ mask[i % 4];
  return Buffer.concat([header, mask, masked]);
}

/**
 * Sends over a member's open socket (core/schemas/live.ts `send`); resolves with the hub's `sent` answer, which
 * `answered` (the socket's frame handler) hands over. The same key sent twice gets two answers, in order.
 */
function sendLive(socket, answered, memberId, key, body) {
  return new Promise((resolve) => {
    const id = `${memberId}|${key}`;
    answered.set(id, [...(answered.get(id) ?? []), (frame) => resolve({ status: frame.status, body: frame.body })]);
    socket.write(textFrame(JSON.stringify({ type: 'send', key, body })));
  });
}

function answerLive(answered, memberId, frame) {
  const id = `${memberId}|${frame.key}`;
  const queue = answered.get(id);
  if (!queue) return;
  queue.shift()(frame);
  if (queue.length === 0) answered.delete(id);
}

const agent = new Agent({ keepAlive: true, maxSockets: 128 });

function post(port, host, cookie, key, body, extraHeaders = {}) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/chat.php',
        method: 'POST',
        agent,
        headers: {
          host,
          cookie,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          'idempotency-key': key,
          ...extraHeaders,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json = null;
          try {
            json = JSON.parse(text || 'null');
          } catch {
            if (res.statusCode < 500) return reject(new Error(`POST /api/chat.php answered ${res.statusCode}: ${text.slice(0, 300)}`));
          }
          resolve({ status: res.statusCode, body: json });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/**
 * A send as the app's fetch client makes it: a failure of the local server's plumbing (vite preview answers 500
 * "fetch failed" when its proxy to workerd drops a connection under load) is retried with the same key, which is
 * what the key is for. Counted, so the report says how often it happened.
 */
let transportRetries = 0;
async function send(port, host, cookie, key, body) {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await post(port, host, cookie, key, body);
      if (res.status < 500 || attempt >= 4) return res;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
    transportRetries++;
    await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
  }
}

/**
 * Every pair ping-pongs `perMember` messages each way, all pairs at the same time; every 5th send is retried once.
 * `thinkMs` [min, max] is the pause before each message, as a person typing (pairs start spread over [0, max]);
 * without it every pair sends again the moment its last message arrived, which measures the server's saturation.
 */
export async function runChatBench({ port, host, members, perMember, thinkMs = null, away = null }) {
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  const think = () => (thinkMs ? pause(thinkMs[0] + Math.random() * (thinkMs[1] - thinkMs[0])) : null);
  // Pairs start anywhere in [0, longest pause]: starting them all within [shortest, longest] made the first
  // seconds a burst at 1.5x the steady rate, whose queueing was the run's tail rather than a person's pace.
  const firstThink = () => (thinkMs ? pause(Math.random() * thinkMs[1]) : null);
  const waiting = new Map();
  const answered = new Map();
  const sockets = await Promise.all(
    members.map((m) =>
      openSocket(port, host, m.cookie, (text) => {
        const frame = JSON.parse(text);
        if (frame.type === 'sent') return answerLive(answered, m.id, frame);
        const tag = frame.type === 'message' && !frame.message.from_me ? frame.message.text : null;
        waiting.get(tag)?.();
      }),
    ),
  );
  // The notification-mail comparison (issue 18): beside the measured pairs, senders write to `away.members` at the
  // same pace, by POST (a tab without its socket). Online (a tab open) those messages go out live; offline they become notification mails, decided
  // by each recipient's hub alarm. Only the measured pairs' latencies are reported, so the two runs compare.
  const awayPairs = away ? away.members.length / 2 : 0;
  if (away?.online)
    sockets.push(...(await Promise.all(away.members.filter((_, i) => i % 2 === 1).map((m) => openSocket(port, host, m.cookie, () => {})))));
  let awaySent = 0;
  const awayRun = async (p) => {
    const [from, to] = [away.members[2 * p], away.members[2 * p + 1]];
    for (let n = 0; n < perMember * 2; n++) {
      await (n === 0 ? firstThink() : think());
      const res = await send(port, host, from.cookie, randomBytes(12).toString('base64url'), {
        to: { profile_id: to.id },
        kind: 'text',
        text: `away ${p}:${n}`,
      });
      if (res.status === 201) awaySent++;
    }
  };
  const awayDone = Promise.all(Array.from({ length: awayPairs }, (_, p) => awayRun(p)));
  const latencies = [];
  let sent = 0;
  let retries = 0;
  let retryMismatch = 0;
  const cpuBefore = cpuTicks();
  const started = performance.now();
  const pairRun = async (p) => {
    const [a, b] = [members[2 * p], members[2 * p + 1]];
    // As the app does: the first message names the profile, the rest the conversation it answered with.
    let conversation = null;
    for (let n = 0; n < perMember * 2; n++) {
      await (n === 0 ? firstThink() : think());
      const [from, to] = n % 2 === 0 ? [a, b] : [b, a];
      const socket = sockets[n % 2 === 0 ? 2 * p : 2 * p + 1];
      const text = `bench ${p}:${n} ${randomBytes(3).toString('hex')}`;
      const key = randomBytes(12).toString('base64url');
      const body = { to: conversation ? { conversation_id: conversation } : { profile_id: to.id }, kind: 'text', text };
      // A message that has not arrived after 10 s no longer holds up its pair; it counts as lost only if it has
      // still not arrived when the run is over (a loaded machine is slow, not lossy).
      let arrived;
      const received = new Promise((resolve) => {
        arrived = resolve;
      });
      const t0 = performance.now();
      waiting.set(text, () => {
        latencies.push(performance.now() - t0);
        waiting.delete(text);
        arrived(true);
      });
      const sendOnce = () => sendLive(socket, answered, from.id, key, body);
      const sends = n % 5 === 0 ? [sendOnce(), sendOnce()] : [sendOnce()];
      const answers = await Promise.all(sends);
      if (answers.length > 1) {
        retries++;
        if (answers[0].body?.message?.id !== answers[1].body?.message?.id) retryMismatch++;
      }
      if (!answers.some((r) => r.status === 201)) throw new Error(`send failed: ${JSON.stringify(answers[0])}`);
      conversation = answers[0].body.conversation.id;
      sent++;
      await Promise.race([received, pause(10_000)]);
    }
  };
  await Promise.all(Array.from({ length: members.length / 2 }, (_, p) => pairRun(p)));
  const seconds = (performance.now() - started) / 1000;
  await awayDone;
  for (let i = 0; i < 60 && waiting.size; i++) await pause(500);
  const lost = waiting.size;
  for (const s of sockets) s.destroy();
  return {
    pairs: members.length / 2,
    thinkMs,
    cpu: cpuShare(cpuBefore, cpuTicks()),
    messages: sent,
    retriedSends: retries,
    retryAnswersDiffered: retryMismatch,
    transportRetries,
    lost,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    messagesPerSecond: Math.round((sent / seconds) * 10) / 10,
    ...(away ? { awayOnline: away.online, awayMessages: awaySent } : {}),
  };
}

/**
 * The notification mails of the away recipients, read from the local D1: `queued` messages noted for a mail (told of
 * in a sent mail, or still pending), `sent` mails in the outbox. Polls until every away recipient has its mail or
 * `waitMs` has passed: the hub alarm decides a while after the first missed message (MAIL_DELAY_MS).
 */
export async function chatBenchMails(persistTo, env, cwd, away, waitMs) {
  const ids = away
    .filter((_, i) => i % 2 === 1)
    .map((m) => m.id)
    .join(',');
  const query = (sql) => {
    const r = spawnSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--json', '--command', sql], {
      env,
      cwd,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`d1 query failed: ${r.stderr}`);
    return JSON.parse(r.stdout)[0].results[0];
  };
  const read = () =>
    query(`SELECT
      (SELECT COUNT(*) FROM outbox WHERE member_id IN (${ids}) AND template LIKE 'notify_%') AS sent,
      (SELECT COALESCE(SUM(items), 0) FROM notification_mails WHERE member_id IN (${ids})) AS told,
      (SELECT COUNT(*) FROM notification_pending WHERE member_id IN (${ids})) AS pending,
      (SELECT COUNT(*) FROM outbox WHERE member_id IN (${ids}) AND template LIKE 'notify_%' AND status = 'failed') AS failed`);
  const recipients = ids.split(',').length;
  const deadline = Date.now() + waitMs;
  let books = read();
  while (books.sent < recipients && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 5000));
    books = read();
  }
  return { recipients, queued: books.told + books.pending, sent: books.sent, stillPending: books.pending, failed: books.failed };
}

/** The machine's CPU counters (Linux /proc/stat: user nice system idle iowait irq softirq steal), or null. */
function cpuTicks() {
  try {
    return readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  } catch {
    return null;
  }
}

/**
 * Busy and stolen shares of the run's CPU time, in %: on a shared VM, time stolen by the host shows up as a tail
 * that no change to the code explains, so the report says how much there was.
 */
function cpuShare(before, after) {
  if (!before || !after) return null;
  const d = after.map((v, i) => v - before[i]);
  const total = d.reduce((a, b) => a + b, 0) || 1;
  const pct = (n) => Math.round((1000 * n) / total) / 10;
  return { busyPct: pct(total - d[3] - d[4] - d[7]), iowaitPct: pct(d[4]), stealPct: pct(d[7]) };
}

/**
 * A send as a member far from the primary database makes it (issue 20 item 6): one member writes to another, one
 * send at a time, with X-Debug-DB-Latency added to every D1 call; the first send names the profile, the rest the
 * conversation, as the app does. Reports the median and p90 time to the answer per injected latency: each D1 round
 * trip of a send shows up as one more latency.
 */
export async function benchSendLatency({ port, host, from, to, latencies = [0, 80], runs = 10 }) {
  const out = {};
  let conversation = null;
  for (const latency of latencies) {
    const samples = [];
    for (let i = 0; i <= runs; i++) {
      const started = performance.now();
      const res = await post(
        port,
        host,
        from.cookie,
        randomBytes(12).toString('base64url'),
        { to: conversation ? { conversation_id: conversation } : { profile_id: to.id }, kind: 'text', text: `latency ${latency}:${i}` },
        latency ? { 'x-debug-db-latency': String(latency) } : {},
      );
      if (res.status !== 201) throw new Error(`a send at ${latency} ms injected D1 latency answered ${res.status}`);
      conversation = res.body.conversation.id;
      // The first send of each latency warms up (and starts the conversation): it is not counted.
      if (i > 0) samples.push(performance.now() - started);
    }
    out[latency] = { medianMs: percentile(samples, 0.5), p90Ms: percentile(samples, 0.9), runs };
  }
  return out;
}

/** The books after the run, read straight from the local D1. */
export function chatBenchBooks(persistTo, env, cwd, members) {
  const ids = members.map((m) => m.id).join(',');
  const query = (sql) => {
    const r = spawnSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--json', '--command', sql], {
      env,
      cwd,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`d1 query failed: ${r.stderr}`);
    return JSON.parse(r.stdout)[0].results;
  };
  const [books] = query(`SELECT
      (SELECT COUNT(*) FROM members m WHERE m.id IN (${ids}) AND m.credits <> (SELECT COALESCE(SUM(delta), 0) FROM credit_ledger l WHERE l.member_id = m.id)) AS credits_off_ledger,
      (SELECT COUNT(*) FROM members m WHERE m.id IN (${ids}) AND m.credits < 0) AS negative,
      (SELECT COUNT(*) FROM credit_ledger WHERE member_id IN (${ids}) AND ref LIKE 'message:%') AS message_charges,
      (SELECT COUNT(*) FROM messages WHERE sender_member_id IN (${ids})) AS messages_stored`);
  return { ...books, doubleCharges: books.message_charges - books.messages_stored };
}
