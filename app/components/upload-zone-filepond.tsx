import "filepond/dist/filepond.min.css";
import type { ProcessServerConfigFunction } from "filepond";
import FilePondPluginFileValidateType from "filepond-plugin-file-validate-type";
import { useEffect, useId, useMemo, useRef } from "react";
import { FilePond, registerPlugin } from "react-filepond";
import { noteUnseenUploadFailure } from "../lib/unseen-uploads.ts";
import type { UploadZoneProps } from "./upload-zone.tsx";

declare module "filepond" {
  interface FilePondOptions {
    /** Larger files are refused before upload, with the message of spec §5. */
    maxFileBytes?: number | null;
    /** FilePond's own option (0.75–1.5 s at least per upload), missing from its types. */
    allowMinimumUploadDuration?: boolean;
  }
}

type FilePondFilter = (
  file: File,
  helpers: { query: (name: string) => unknown },
) => boolean | Promise<File>;
type FilePondPluginApi = {
  addFilter: (name: string, filter: FilePondFilter) => void;
  utils: { Type: Record<string, string> };
};

/**
 * The spec's size message names the file's own size, which FilePond's size plugin cannot
 * (its label is one fixed text): this small plugin refuses large files with it.
 */
function maxFileBytesPlugin({ addFilter, utils }: FilePondPluginApi) {
  addFilter("LOAD_FILE", (file, { query }) => {
    const maxBytes = query("GET_MAX_FILE_BYTES");
    if (typeof maxBytes === "number" && file.size > maxBytes) {
      return Promise.reject({ status: { main: tooBigMessage(file.size, maxBytes), sub: "" } });
    }
    return Promise.resolve(file);
  });
  return { options: { maxFileBytes: [null, utils.Type.INT] } };
}

registerPlugin(FilePondPluginFileValidateType, maxFileBytesPlugin);

const MIB = 1024 * 1024;
const PARALLEL_UPLOADS = 2;
/** How long a finished file stays in the zone, showing "Upload complete", before it leaves. */
const FINISHED_FILE_SHOWN_MS = 1500;

/** Dropzone's wording, which the spec quotes: sizes in MiB with up to two decimals. */
function tooBigMessage(fileBytes: number, maxBytes: number): string {
  return `File is too big (${inMiB(fileBytes)}MiB). Max filesize: ${inMiB(maxBytes)}MiB.`;
}

function inMiB(bytes: number): string {
  return String(Math.round((bytes / MIB) * 100) / 100);
}

type UploadListeners = {
  load: (response: string) => void;
  error: (message: string) => void;
  progress: (computable: boolean, loaded: number, total: number) => void;
};

/**
 * Uploads waiting or under way on this page, whichever zone started them. Moving to another
 * screen lets them finish (one that fails then is told on the screen staff are on), but a reload
 * or a closed tab would stop them, and the photos not sent yet would be lost without a word:
 * meanwhile the browser asks before the page goes.
 */
let unfinishedUploads = 0;

function askBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  event.returnValue = "";
}

function countUnfinished(change: 1 | -1) {
  unfinishedUploads += change;
  if (change === 1 && unfinishedUploads === 1) {
    window.addEventListener("beforeunload", askBeforeUnload);
  } else if (unfinishedUploads === 0) {
    window.removeEventListener("beforeunload", askBeforeUnload);
  }
}

/**
 * One file posted to the upload action with `Accept: application/json`, whose outcome FilePond
 * follows once it gets to it: progress, the photo's status, or the server's own reason (its
 * `message`, e.g. "The file must be an image.") rather than a bare status code.
 */
class Upload {
  private request = new XMLHttpRequest();
  private outcome: { ok: true; status: number } | { ok: false; message: string } | null = null;
  private listeners: UploadListeners | null = null;
  private lastProgress: [boolean, number, number] | null = null;

  private action: string;
  private fields: Record<string, string>;
  private file: Blob;
  private onUploaded: () => void;
  /** The screen it was sent from, and what for: where to send it again should it fail unseen. */
  private origin: { screen: string; subject: string };

  private unfinished = true;
  private watched = true;

  constructor(
    action: string,
    fields: Record<string, string>,
    file: Blob,
    onUploaded: () => void,
    origin: { screen: string; subject: string },
  ) {
    this.action = action;
    this.fields = fields;
    this.file = file;
    this.onUploaded = onUploaded;
    this.origin = origin;
    countUnfinished(1);
  }

  /** Posts the file; `settled` once it has an answer, failed or was aborted. */
  send(whenSettled: () => void) {
    const settled = () => {
      this.finished();
      whenSettled();
    };
    const body = new FormData();
    for (const [name, value] of Object.entries(this.fields)) body.append(name, value);
    body.append("file", this.file, this.fileName);
    const { request } = this;
    request.open("POST", this.action);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      this.lastProgress = [event.lengthComputable, event.loaded, event.total];
      this.listeners?.progress(...this.lastProgress);
    };
    request.onload = () => {
      settled();
      if (request.status >= 200 && request.status < 300) {
        this.finish({ ok: true, status: request.status });
        this.onUploaded();
      } else {
        this.finish({ ok: false, message: reasonOf(request) });
      }
    };
    request.onerror = () => {
      settled();
      this.finish({ ok: false, message: "The upload failed: the server could not be reached." });
    };
    request.onabort = settled;
    request.send(body);
  }

  /** FilePond's callbacks for this file: told at once what has already happened. */
  follow(listeners: UploadListeners) {
    this.listeners = listeners;
    if (this.lastProgress) listeners.progress(...this.lastProgress);
    if (this.outcome) this.tell(this.outcome);
  }

  /** The zone showing it is gone: staff left the screen, and the upload goes on without it. */
  unwatch() {
    this.watched = false;
    this.listeners = null;
  }

  get settled(): boolean {
    return !this.unfinished;
  }

  private get fileName(): string {
    return (this.file as File).name ?? "photo";
  }

  /** Cancels the upload, or takes it out of the queue before it is sent. */
  abort() {
    this.listeners = null;
    this.request.abort();
    this.finished();
  }

  private finished() {
    if (!this.unfinished) return;
    this.unfinished = false;
    countUnfinished(-1);
  }

  private finish(outcome: NonNullable<Upload["outcome"]>) {
    this.outcome = outcome;
    if (this.listeners) this.tell(outcome);
    if (!outcome.ok && !this.watched) {
      noteUnseenUploadFailure({ fileName: this.fileName, reason: outcome.message, ...this.origin });
    }
  }

  private tell(outcome: NonNullable<Upload["outcome"]>) {
    if (outcome.ok) this.listeners?.load(String(outcome.status));
    else this.listeners?.error(outcome.message);
  }
}

/** The server's reason for refusing a file (`{message}`), else its status as the spec words it. */
function reasonOf(request: XMLHttpRequest): string {
  try {
    const body: unknown = JSON.parse(request.responseText);
    const message = (body as { message?: unknown } | null)?.message;
    if (typeof message === "string" && message !== "") return message;
  } catch {
    // Not JSON (a proxy's error page): the status says what there is to say.
  }
  return `Server responded with ${request.status} code.`;
}

/** The FilePond drop zone that replaces the plain upload form once the page runs JavaScript. */
export default function FilePondZone({
  action,
  fields,
  label,
  maxFileBytes,
  onUploaded,
  subject,
}: UploadZoneProps) {
  const labelId = useId();
  const pond = useRef<FilePond>(null);
  const latest = useRef({ action, fields, onUploaded, subject });
  useEffect(() => {
    latest.current = { action, fields, onUploaded, subject };
  });
  const removals = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = removals.current;
    return () => timers.forEach(clearTimeout);
  }, []);

  // Uploads under way or done, by file: each starts as soon as FilePond has the file (see
  // startUpload), and FilePond's own processing, which waits until its list has stopped moving
  // (about two seconds after a drop), joins it.
  const uploads = useRef(new WeakMap<Blob, Upload>());
  const started = useRef(new Set<Upload>());
  useEffect(() => {
    const uploadsOfZone = started.current;
    return () => uploadsOfZone.forEach((upload) => upload.unwatch());
  }, []);
  // Two at a time (spec §5), the others waiting their turn.
  const running = useRef({ active: 0, waiting: [] as Upload[] });
  const startWaiting = () => {
    const queue = running.current;
    while (queue.active < PARALLEL_UPLOADS && queue.waiting.length > 0) {
      queue.active += 1;
      queue.waiting.shift()!.send(() => {
        queue.active -= 1;
        startWaiting();
      });
    }
  };

  const startUpload = (file: Blob): Upload => {
    const known = uploads.current.get(file);
    if (known) return known;
    const { action, fields, subject } = latest.current;
    const upload = new Upload(action, fields ?? {}, file, () => latest.current.onUploaded?.(), {
      screen: window.location.pathname,
      subject,
    });
    uploads.current.set(file, upload);
    for (const earlier of started.current) if (earlier.settled) started.current.delete(earlier);
    started.current.add(upload);
    running.current.waiting.push(upload);
    startWaiting();
    return upload;
  };

  // One stable server definition: react-filepond hands every prop to FilePond on each render.
  const server = useMemo(() => {
    const process: ProcessServerConfigFunction = (
      _fieldName,
      file,
      _metadata,
      load,
      error,
      progress,
      abort,
    ) => {
      const upload = startUpload(file);
      upload.follow({ load, error, progress });
      return {
        abort: () => {
          const queue = running.current;
          queue.waiting = queue.waiting.filter((waiting) => waiting !== upload);
          upload.abort();
          uploads.current.delete(file);
          abort();
        },
      };
    };
    return { process };
    // startUpload reads nothing but refs, so the first one serves for good.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div role="group" aria-labelledby={labelId} className="upload-zone">
      <p id={labelId} className="mb-1.5 font-medium text-ink">
        {label}
      </p>
      <FilePond
        ref={pond}
        name="file"
        allowMultiple
        acceptedFileTypes={["image/*"]}
        maxParallelUploads={PARALLEL_UPLOADS}
        // Each file still uploads as soon as it is added (onaddfile), but FilePond's own instant
        // mode would drop a cancelled file at once; this way it stays with "Upload canceled.".
        instantUpload={false}
        allowRevert={false}
        maxFileBytes={maxFileBytes}
        server={server}
        credits={false}
        fileSizeBase={1024}
        labelFileSizeKilobytes="KiB"
        labelFileSizeMegabytes="MiB"
        labelFileSizeGigabytes="GiB"
        labelIdle='Drag &amp; drop images here or <span class="filepond--label-action">browse</span>'
        labelFileTypeNotAllowed="You can't upload files of this type."
        fileValidateTypeLabelExpectedTypes=""
        labelFileProcessingError={(error: { body?: string }) => error.body ?? "Upload failed."}
        labelFileProcessingAborted="Upload canceled."
        labelTapToCancel="Tap to cancel"
        labelTapToRetry="Tap to retry"
        labelTapToUndo="Tap to undo"
        // FilePond's least upload time (0.75–1.5 s) only holds back the finished photo.
        allowMinimumUploadDuration={false}
        onaddfile={(error, file) => {
          if (error) return;
          startUpload(file.file);
          // The zone shows a failure itself ("Server responded with 500 code."): nothing to throw.
          pond.current?.processFile(file.id).catch(() => {});
        }}
        onprocessfile={(error, file) => {
          if (error) return;
          const timer = setTimeout(() => {
            removals.current.delete(timer);
            pond.current?.removeFile(file.id);
          }, FINISHED_FILE_SHOWN_MS);
          removals.current.add(timer);
        }}
      />
    </div>
  );
}
