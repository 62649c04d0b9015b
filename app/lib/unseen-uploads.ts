import { useSyncExternalStore } from "react";

/**
 * A photo that did not go in after staff had left the screen it was sent from: its upload goes
 * on in the background (the upload zone lets it), so its failure would otherwise go unseen.
 */
export type UnseenUploadFailure = {
  id: number;
  fileName: string;
  /** The server's reason, or that it could not be reached. */
  reason: string;
  /** The edit screen it was sent from, where it can be sent again. */
  screen: string;
  /** What the photo was for, e.g. the post's title. */
  subject: string;
};

const NONE: readonly UnseenUploadFailure[] = [];
let failures = NONE;
let lastId = 0;
const listeners = new Set<() => void>();

function changed(next: readonly UnseenUploadFailure[]) {
  failures = next;
  for (const listener of listeners) listener();
}

export function noteUnseenUploadFailure(failure: Omit<UnseenUploadFailure, "id">): void {
  changed([...failures, { ...failure, id: ++lastId }]);
}

export function dismissUnseenUploadFailures(): void {
  changed(NONE);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The failures not dismissed yet; none on the server, where no upload runs. */
export function useUnseenUploadFailures(): readonly UnseenUploadFailure[] {
  return useSyncExternalStore(
    subscribe,
    () => failures,
    () => NONE,
  );
}
