import "filepond/dist/filepond.min.css";
import type { ProcessServerConfigFunction } from "filepond";
import FilePondPluginFileValidateType from "filepond-plugin-file-validate-type";
import { useEffect, useId, useMemo, useRef } from "react";
import { FilePond, registerPlugin } from "react-filepond";
import type { UploadZoneProps } from "./upload-zone.tsx";

declare module "filepond" {
  interface FilePondOptions {
    /** Larger files are refused before upload, with the message of spec §5. */
    maxFileBytes?: number | null;
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
/** How long a finished file stays in the zone, showing "Upload complete", before it leaves. */
const FINISHED_FILE_SHOWN_MS = 1500;

/** Dropzone's wording, which the spec quotes: sizes in MiB with up to two decimals. */
function tooBigMessage(fileBytes: number, maxBytes: number): string {
  return `File is too big (${inMiB(fileBytes)}MiB). Max filesize: ${inMiB(maxBytes)}MiB.`;
}

function inMiB(bytes: number): string {
  return String(Math.round((bytes / MIB) * 100) / 100);
}

/** The FilePond drop zone that replaces the plain upload form once the page runs JavaScript. */
export default function FilePondZone({
  action,
  fields,
  label,
  maxFileBytes,
  onUploaded,
}: UploadZoneProps) {
  const labelId = useId();
  const pond = useRef<FilePond>(null);
  const latest = useRef({ action, fields, onUploaded });
  useEffect(() => {
    latest.current = { action, fields, onUploaded };
  });
  const removals = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = removals.current;
    return () => timers.forEach(clearTimeout);
  }, []);

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
      const body = new FormData();
      for (const [name, value] of Object.entries(latest.current.fields ?? {})) {
        body.append(name, value);
      }
      body.append("file", file, file.name);

      const request = new XMLHttpRequest();
      request.open("POST", latest.current.action);
      request.setRequestHeader("Accept", "application/json");
      request.upload.onprogress = (event) =>
        progress(event.lengthComputable, event.loaded, event.total);
      request.onload = () => {
        if (request.status >= 200 && request.status < 300) load(String(request.status));
        else error(`Server responded with ${request.status} code.`);
      };
      request.onerror = () => error("The upload failed: the server could not be reached.");
      request.send(body);
      return {
        abort: () => {
          request.abort();
          abort();
        },
      };
    };
    return { process };
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
        maxParallelUploads={2}
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
        onaddfile={(error, file) => {
          if (!error) void pond.current?.processFile(file.id);
        }}
        onprocessfile={(error, file) => {
          if (error) return;
          latest.current.onUploaded?.();
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
