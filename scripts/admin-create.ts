// npm run admin:create -- [--email you@example.org] [--reset]
// Creates an admin account in LIBSQL_URL (migrating the database first if needed). The password is
// asked for twice without echo on a terminal, or read from the first line of standard input:
//   printf '%s\n' "$PASSWORD" | npm run admin:create -- --email you@example.org
// --reset sets a new password for an existing account (and ends its sessions).
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { createDb } from '../db/client.ts';
import { migrateDb } from '../db/migrate.ts';
import { loadEnv } from '../src/lib/env.ts';
import { createAdmin } from '../src/api/auth/admins.ts';
import { passwordProblem } from '../src/api/auth/password-policy.ts';
import { InputError } from '../src/api/import-export/errors.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, reset: { type: 'boolean', default: false } } });

/** Asks on the terminal; `hidden` answers are not echoed. */
async function ask(question: string, hidden = false): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const answer = new Promise<string>((resolve) => rl.question(question, resolve));
  muted = hidden;
  const value = await answer;
  rl.close();
  if (hidden) process.stdout.write('\n');
  return value;
}

async function readStdin(): Promise<string[]> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/);
}

async function main(): Promise<number> {
  const env = loadEnv();
  const interactive = process.stdin.isTTY === true;
  let email = values.email;
  let password: string;
  if (interactive) {
    email ??= (await ask('Admin email: ')).trim();
    for (;;) {
      password = await ask('Password (at least 12 characters, not echoed): ', true);
      const problem = passwordProblem(password, email);
      if (problem) {
        console.error(problem);
        continue;
      }
      if ((await ask('Repeat the password: ', true)) === password) break;
      console.error('The passwords differ. Try again.');
    }
  } else {
    const lines = await readStdin();
    if (!email) email = lines.shift()?.trim();
    password = lines[0] ?? '';
  }
  if (!email) {
    console.error('Give the email with --email (or on the first line of standard input).');
    return 2;
  }
  const db = await createDb({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN });
  try {
    await migrateDb(db);
    const admin = await createAdmin(db, email, password, { replace: values.reset });
    console.log(admin.created ? `Created the admin account ${admin.email}.` : `Set a new password for ${admin.email}; its sessions were ended.`);
    console.log('Sign in at /admin.');
    return 0;
  } catch (error) {
    if (error instanceof InputError) {
      console.error(error.status === 409 ? `${error.message} Use --reset to set a new password.` : error.message);
      return 1;
    }
    throw error;
  } finally {
    db.$client.close();
  }
}

process.exitCode = await main();
