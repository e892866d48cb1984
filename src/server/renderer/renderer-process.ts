// The site builder's handle on one incremental renderer process (worker.ts): a full build when it
// starts, then updates that render only what a change affects. One process per full build; a failed or
// dead process is replaced by a new full build (site-builder.ts decides).
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { RendererReply, RendererRequest, UpdateResult } from './protocol.ts';

type Pending = { resolve: (reply: RendererReply) => void };

export class RendererProcess {
  private child: ChildProcess;
  private next = 1;
  private pending = new Map<number, Pending>();
  private ready: Promise<void>;
  private exited = false;
  /** the last lines the process printed (for a failed build's message) */
  output = '';

  constructor(projectRoot: string, env: NodeJS.ProcessEnv) {
    this.child = fork(join(projectRoot, 'src', 'server', 'renderer', 'worker.ts'), [], {
      cwd: projectRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.ready = new Promise((resolve, reject) => {
      this.child.once('message', () => resolve());
      this.child.once('exit', (code) => reject(new Error(`The renderer process exited with code ${code} before it was ready.\n${this.output}`)));
    });
    this.child.on('message', (reply: RendererReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      pending.resolve(reply);
    });
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      for (const [, p] of this.pending) p.resolve({ id: 0, ok: false, error: `The renderer process ended (${signal ?? `code ${code}`}).\n${this.output.slice(-4000)}` });
      this.pending.clear();
    });
    this.ready.catch(() => {});
  }

  get alive(): boolean {
    return !this.exited;
  }

  private async send(request: RendererRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never): Promise<RendererReply> {
    await this.ready;
    if (this.exited) return { id: 0, ok: false, error: 'The renderer process has ended.' };
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve });
      this.child.send({ ...request, id } as RendererRequest);
    });
  }

  /** The full build into outDir. Rejects with the build's output when it fails. */
  async build(outDir: string): Promise<number> {
    const reply = await this.send({ type: 'build', outDir });
    if (!reply.ok) throw new Error(reply.error);
    return reply.files ?? 0;
  }

  /** Renders what changed since the folder `base` (the live one) into a new folder outDir. */
  async update(base: string, outDir: string): Promise<UpdateResult> {
    const reply = await this.send({ type: 'update', base, outDir });
    if (!reply.ok) throw new Error(reply.error);
    return reply.update!;
  }

  /** Makes the copy of the live folder `base` the next update starts from (resolves false when it is not this process's). */
  async prepare(base: string): Promise<boolean> {
    const reply = await this.send({ type: 'prepare', base });
    if (!reply.ok) throw new Error(reply.error);
    return reply.prepared ?? false;
  }

  stop(): void {
    if (!this.exited) this.child.kill('SIGTERM');
  }
}
