import { useCallback, useEffect, useRef, useState } from 'react';
import { check, useConnection } from '../../lib/connection.ts';
import { measurePhoto, overlapBetween, type ImageFeatures } from './photo-overlap.ts';
import { BLURRY_MESSAGE, newClientKey, refusalOf, uploadScanPhoto } from './upload-photo.ts';

/**
 * measuring: read on the device; queued: next in line; uploading: being sent; waiting: not answered,
 * sent again after a pause or when the connection is back; stored; refused: by the server, or blurry
 * on the device (never sent).
 */
export type PhotoState = 'measuring' | 'queued' | 'uploading' | 'waiting' | 'stored' | 'refused';

export interface PhotoItem {
  key: string;
  name: string;
  url: string;
  state: PhotoState;
  progress: number;
  message: string | null;
  attempts: number;
  /** Share of the previous photo this one shows again, estimated on the device; null for the first, or when it could not be read. */
  overlap: number | null;
}

const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
/** Photos go in the order they were taken (the walk's order): one waiting holds back those after it. */
const IN_LINE: ReadonlySet<PhotoState> = new Set(['measuring', 'queued', 'uploading', 'waiting']);

/**
 * The photos added on this page to one scan: each is measured in the browser (a blurry one is not
 * sent) and compared with the photo before it for their overlap, then uploaded one at a time with its progress. A photo the server never answered for is
 * sent again with the same client key after a growing pause, or at once when the connection comes
 * back; one the server refused says why and stays refused.
 */
export function useScanUploads(sessionId: string, onStored: () => void) {
  const [items, setItems] = useState<PhotoItem[]>([]);
  const busy = useRef(false);
  const current = useRef<{ abort: () => void } | null>(null);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const urls = useRef<string[]>([]);
  const fileOf = useRef<Record<string, File>>({});
  const live = useRef(true);
  // The corners of the last photo kept, in memory only: each new photo waits for its predecessor's.
  const previous = useRef<Promise<ImageFeatures | null>>(Promise.resolve(null));
  // Each photo's own corners and those of the photo before it, should the server refuse it.
  const chain = useRef<Map<string, { own: Promise<ImageFeatures | null>; before: Promise<ImageFeatures | null> }>>(new Map());
  const storedRef = useRef(onStored);
  storedRef.current = onStored;
  const connection = useConnection();

  const patch = useCallback((key: string, change: Partial<PhotoItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const added = files.map((file) => {
        const url = URL.createObjectURL(file);
        urls.current.push(url);
        const item: PhotoItem = { key: newClientKey(), name: file.name, url, state: 'measuring', progress: 0, message: null, attempts: 0, overlap: null };
        fileOf.current[item.key] = file;
        return { file, item };
      });
      setItems((list) => [...list, ...added.map((a) => a.item)]);
      for (const { file, item } of added) {
        // What the server would refuse anyway is said at once, without sending it.
        const refusal = refusalOf(file);
        if (refusal) {
          delete fileOf.current[item.key];
          patch(item.key, { state: 'refused', message: refusal });
          continue;
        }
        const before = previous.current;
        // A photo the page cannot measure goes as one it cannot decode: the server judges it, and the
        // photos after it are still compared with the last one measured.
        const measured = measurePhoto(file).catch(() => null);
        const blurry = (m: Awaited<typeof measured>) => m?.analysis.verdict === 'blurry';
        // A blurry photo is not added, so the next one is compared with the one before it.
        const own = measured.then((m) => (m && !blurry(m) ? m.features : null));
        chain.current.set(item.key, { own, before });
        previous.current = Promise.all([own, before]).then(([mine, prior]) => mine ?? prior);
        void Promise.all([measured, before]).then(async ([m, prior]) => {
          if (!blurry(m)) return patch(item.key, { state: 'queued', overlap: m && prior ? await overlapBetween(prior, m.features).catch(() => null) : null });
          delete fileOf.current[item.key];
          patch(item.key, { state: 'refused', message: BLURRY_MESSAGE });
        });
      }
    },
    [patch],
  );

  /** Every photo waiting for another try goes back in line now. */
  const retryNow = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    setItems((list) => list.map((item) => (item.state === 'waiting' ? { ...item, state: 'queued' } : item)));
  }, []);

  // The next photo in line goes when nothing is being sent.
  useEffect(() => {
    if (busy.current) return;
    const next = items.find((item) => IN_LINE.has(item.state));
    if (!next || next.state !== 'queued') return;
    const file = fileOf.current[next.key];
    if (!file) return;
    busy.current = true;
    patch(next.key, { state: 'uploading', progress: 0, attempts: next.attempts + 1 });
    const upload = uploadScanPhoto(sessionId, next.key, next.overlap, file, (fraction) => patch(next.key, { progress: fraction }));
    current.current = upload;
    void upload.promise.then((outcome) => {
      if (!live.current) return;
      current.current = null;
      busy.current = false;
      if (outcome.kind === 'stored') {
        delete fileOf.current[next.key];
        chain.current.delete(next.key);
        patch(next.key, { state: 'stored', progress: 1, message: null });
        storedRef.current();
      } else if (outcome.kind === 'refused') {
        delete fileOf.current[next.key];
        // A photo the server refused (its blur verdict can differ from the page's at the margin) is not
        // the previous one: if it still is, the one before it is again.
        const link = chain.current.get(next.key);
        if (link) {
          const latest = previous.current;
          previous.current = Promise.all([latest, link.own, link.before]).then(([now, refused, prior]) => (now !== null && now === refused ? prior : now));
          chain.current.delete(next.key);
        }
        patch(next.key, { state: 'refused', message: outcome.message });
      } else {
        const pause = BACKOFF_MS[Math.min(next.attempts, BACKOFF_MS.length - 1)]!;
        patch(next.key, { state: 'waiting', progress: 0, message: `${outcome.message}: sending it again in ${Math.round(pause / 1000)} s, or as soon as the connection is back.` });
        timers.current.set(
          next.key,
          setTimeout(() => {
            timers.current.delete(next.key);
            patch(next.key, { state: 'queued' });
          }, pause),
        );
        void check();
      }
    });
  }, [items, patch, sessionId]);

  useEffect(() => {
    if (connection === 'online') retryNow();
  }, [connection, retryNow]);

  useEffect(() => {
    live.current = true;
    window.addEventListener('online', retryNow);
    const pending = timers.current;
    const made = urls.current;
    return () => {
      window.removeEventListener('online', retryNow);
      live.current = false;
      current.current?.abort();
      for (const timer of pending.values()) clearTimeout(timer);
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [retryNow]);

  const sending = items.some((item) => IN_LINE.has(item.state));
  /** The corners of the last photo kept on this page, for the live camera's estimate. */
  const previousFeatures = useCallback(() => previous.current, []);
  return { items, add, sending, retryNow, previousFeatures };
}
