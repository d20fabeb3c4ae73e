import { useEffect, useMemo, useState } from "react";
import type { ThumbnailStatus, ThumbnailStatuses } from "~/domain/leads/thumbnail-status";

/**
 * A request's files with their thumbnails kept up to date (issue 31 item 5): while any of them is still
 * `pending` (the `leads.attachment-thumbnail` job is making it), `statusUrl` (the portal's or the lead
 * page's thumbnails route: JSON ThumbnailStatuses) is asked every POLL_EVERY_MS, and each thumbnail that
 * became ready (or failed) shows at once, without a reload. Only the statuses are asked, not the page's
 * data again: a reload of the route's data would also drop the answer of the form just sent.
 *
 * Bounded: at most MAX_POLLS questions for a set of pending files (a new upload starts a new round); none
 * while the tab is hidden (it goes on when the tab is shown again); it stops when nothing is pending, at
 * the first answer that is not the JSON expected (a lapsed session is redirected to sign in: the page is
 * left alone, so nothing typed is lost), and when the page goes away.
 */

const POLL_EVERY_MS = 2_000;
/** Two minutes of visible polling; the job's sweep retries a lost thumbnail only after that anyway. */
const MAX_POLLS = 60;

interface WithThumbnail {
  id: string;
  thumbnailStatus: ThumbnailStatus;
}

export function useFreshThumbnails<T extends WithThumbnail>(statusUrl: string, files: readonly T[]): T[] {
  const [fresh, setFresh] = useState<Readonly<Record<string, ThumbnailStatus>>>({});
  // A status only moves on from pending: what the page's data says wins unless it is still pending.
  const merged = useMemo(
    () => files.map((file) => (file.thumbnailStatus === "pending" && fresh[file.id] && fresh[file.id] !== "pending" ? { ...file, thumbnailStatus: fresh[file.id]! } : file)),
    [files, fresh],
  );
  const pendingKey = merged
    .filter((file) => file.thumbnailStatus === "pending")
    .map((file) => file.id)
    .join(",");

  useEffect(() => {
    if (!pendingKey) return;
    let polls = 0;
    let timer: number | undefined;
    let stopped = false;
    let asking = false;
    const controller = new AbortController();

    const ask = async () => {
      timer = undefined;
      if (stopped) return;
      if (document.visibilityState === "hidden") return; // asked again when the tab is shown
      polls += 1;
      asking = true;
      try {
        const response = await fetch(statusUrl, {
          headers: { Accept: "application/json" },
          cache: "no-store",
          credentials: "same-origin",
          redirect: "manual",
          signal: controller.signal,
        });
        if (!response.ok) {
          stopped = true;
          return;
        }
        const body = (await response.json()) as ThumbnailStatuses;
        setFresh((previous) => ({ ...previous, ...Object.fromEntries(body.files.map((file) => [file.id, file.thumbnailStatus])) }));
      } catch {
        stopped = true; // gone away (aborted), offline, or not the JSON expected
        return;
      } finally {
        asking = false;
      }
      // Nothing pending any more: the effect's new round (an empty pendingKey) ends it.
      if (!stopped && polls < MAX_POLLS) timer = window.setTimeout(next, POLL_EVERY_MS);
    };
    const next = () => void ask();
    const onVisibility = () => {
      if (document.visibilityState === "visible" && timer === undefined && !asking && !stopped && polls < MAX_POLLS) timer = window.setTimeout(next, 0);
    };

    timer = window.setTimeout(next, POLL_EVERY_MS);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      controller.abort();
      if (timer !== undefined) window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [statusUrl, pendingKey]);

  return merged;
}
