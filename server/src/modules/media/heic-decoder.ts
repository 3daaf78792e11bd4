import { Worker } from 'node:worker_threads';

/** Decoded pixels: 8-bit RGBA, rows of `width * 4` bytes, already turned upright by libheif. */
export interface HeicPixels {
  width: number;
  height: number;
  data: Buffer;
}

/** Why a HEIC file was not decoded: too many pixels or too long a side declared (checked first), or anything else. */
export class HeicDecodeError extends Error {
  constructor(
    readonly reason: 'too-many-pixels' | 'unreadable',
    detail: string,
  ) {
    super(detail);
  }
}

type Reply = { id: number; width: number; height: number; data: Uint8Array } | { id: number; error: string };

/** A decode never takes this long (a 12 MP iPhone photo takes about a second on one core). */
const DECODE_TIMEOUT_MS = 30_000;
/** The worker, and the WebAssembly memory it grew to, goes away after this long without work. */
const IDLE_MS = 60_000;

/**
 * The worker's code (CommonJS, run with `eval`, so that the same source works from ts-jest and
 * from dist/). It loads libheif's WebAssembly bundle once and answers one message per file:
 * reads the container, checks the primary image's declared size (after rotation and crop)
 * against the caller's limits before decoding anything, then decodes to interleaved RGBA.
 * libheif applies the file's irot/imir/clap transforms itself; the EXIF orientation of a HEIC
 * only repeats irot (iPhones write both) and is rightly not applied a second time.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const silent = () => {};
const lib = require(workerData.bundle)({ print: silent, printErr: silent });
const OK = lib.heif_error_code.heif_error_Ok;
parentPort.on('message', ({ id, bytes, maxPixels, maxSide }) => {
  let context = null;
  let handle = null;
  let image = null;
  let crashed = false;
  try {
    context = lib.heif_context_alloc();
    const read = lib.heif_context_read_from_memory(context, bytes);
    if (read.code !== OK) return parentPort.postMessage({ id, error: 'unreadable: ' + read.message });
    handle = lib.heif_js_context_get_primary_image_handle(context);
    if (!handle || handle.code) {
      const message = handle ? handle.message : 'no primary image';
      handle = null;
      return parentPort.postMessage({ id, error: 'unreadable: ' + message });
    }
    const width = lib.heif_image_handle_get_width(handle);
    const height = lib.heif_image_handle_get_height(handle);
    if (!(width > 0 && height > 0)) return parentPort.postMessage({ id, error: 'unreadable: no size' });
    if (width * height > maxPixels || width > maxSide || height > maxSide)
      return parentPort.postMessage({ id, error: 'too-many-pixels: ' + width + 'x' + height });
    image = lib.heif_js_decode_image2(
      handle,
      lib.heif_colorspace.heif_colorspace_RGB,
      lib.heif_chroma.heif_chroma_interleaved_RGBA,
    );
    if (!image || image.code) {
      const message = image ? image.message : 'no image';
      image = null;
      return parentPort.postMessage({ id, error: 'unreadable: ' + message });
    }
    const plane = image.channels.find((c) => c.id === lib.heif_channel.heif_channel_interleaved);
    if (!plane || plane.width * plane.height > maxPixels)
      return parentPort.postMessage({ id, error: 'unreadable: no RGBA plane' });
    const row = plane.width * 4;
    const data = new Uint8Array(row * plane.height);
    for (let y = 0; y < plane.height; y++)
      data.set(plane.data.subarray(y * plane.stride, y * plane.stride + row), y * row);
    parentPort.postMessage({ id, width: plane.width, height: plane.height, data }, [data.buffer]);
  } catch (error) {
    crashed = true;
    parentPort.postMessage({ id, error: 'unreadable: ' + String(error) });
  } finally {
    try {
      if (image) lib.heif_image_release(image.image);
      if (handle) lib.heif_image_handle_release(handle);
      if (context) lib.heif_context_free(context);
    } catch {
      crashed = true;
    }
  }
  // An aborted WebAssembly instance cannot be trusted again: the next file gets a new worker.
  if (crashed) process.exit(1);
});
`;

/**
 * Decodes HEIC/HEIF photos (iPhones) with libheif compiled to WebAssembly (libheif-js): no
 * system library. The decoder runs in a worker thread, started on the first HEIC upload (not
 * at start-up), so a slow or hostile file never blocks the event loop, a crash or a hang ends
 * only the worker, and its memory is returned once it has been idle for a minute.
 * Files are decoded one at a time, in order.
 */
export class HeicDecoder {
  private worker: Worker | null = null;
  private readonly pending = new Map<
    number,
    { resolve: (pixels: HeicPixels) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  /**
   * Decodes the primary image, refusing before any decoding one that declares more than
   * `maxPixels`, or a side longer than `maxSide`.
   */
  decode(bytes: Buffer, maxPixels: number, maxSide = Number.MAX_SAFE_INTEGER): Promise<HeicPixels> {
    const worker = this.start();
    const id = this.nextId++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    return new Promise<HeicPixels>((resolve, reject) => {
      const timer = setTimeout(() => {
        // A file the decoder is stuck on: drop the worker; what was queued behind it fails too.
        this.stop(new HeicDecodeError('unreadable', 'decoding took too long'));
      }, DECODE_TIMEOUT_MS);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      const copy = new Uint8Array(bytes); // its own buffer, moved to the worker
      worker.postMessage({ id, bytes: copy, maxPixels, maxSide }, [copy.buffer]);
    });
  }

  /** Ends the worker (application shutdown); decodes still waiting fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.stop(new HeicDecodeError('unreadable', 'decoder closed'));
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bundle: require.resolve('libheif-js/libheif-wasm/libheif-bundle.js') },
    });
    worker.unref(); // an idle decoder never keeps the process alive
    worker.on('message', (reply: Reply) => this.answer(reply));
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.rejectAll(new HeicDecodeError('unreadable', error.message));
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`decoder exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  private answer(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    clearTimeout(waiting.timer);
    if ('error' in reply) {
      const reason = reply.error.startsWith('too-many-pixels') ? 'too-many-pixels' : 'unreadable';
      waiting.reject(new HeicDecodeError(reason, reply.error));
    } else {
      const data = Buffer.from(reply.data.buffer, reply.data.byteOffset, reply.data.byteLength);
      waiting.resolve({ width: reply.width, height: reply.height, data });
    }
    if (this.pending.size === 0 && this.worker) {
      this.idleTimer = setTimeout(() => this.stop(new HeicDecodeError('unreadable', 'idle')), IDLE_MS);
      this.idleTimer.unref();
    }
  }

  private stop(reason: HeicDecodeError): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.worker;
    this.worker = null;
    this.rejectAll(reason);
    if (worker) void worker.terminate();
  }

  private rejectAll(error: HeicDecodeError): void {
    for (const { reject, timer } of this.pending.values()) {
      clearTimeout(timer);
      reject(error);
    }
    this.pending.clear();
  }
}
