import { useCallback, useEffect, useRef, useState } from 'react';
import { QUALITY_LEVELS, RESOLUTION_SIZES, describeFrame, type CameraSettings } from '../../../shared/camera.ts';
import { analyseLuma, PHOTO_ANALYSIS, type PhotoAnalysis } from '../../../shared/photo-analysis.ts';
import { lumaOf, readPicture } from './luma.ts';

export type CameraState = 'off' | 'starting' | 'live' | 'denied' | 'missing' | 'failed';

export interface Shot {
  file: File;
  url: string;
  width: number;
  height: number;
  /** Measured on the device with the server's function, so the verdict is the one the server will store. */
  analysis: PhotoAnalysis;
}

interface ZoomCapabilities {
  zoom?: { min: number; max: number };
  focusMode?: string[];
}

/** What a capture mode asks of the camera where it can: zoom and focus (docs/files.md#camera-tools). */
async function applyMode(track: MediaStreamTrack, mode: CameraSettings['mode']): Promise<void> {
  const capabilities = (typeof track.getCapabilities === 'function' ? track.getCapabilities() : {}) as ZoomCapabilities;
  const advanced: Record<string, unknown>[] = [];
  if (capabilities.zoom) {
    const { min, max } = capabilities.zoom;
    const zoom = mode === 'Wide Angle' ? min : mode === 'Detail' ? Math.min(max, min * 2) : min;
    advanced.push({ zoom });
  }
  if (capabilities.focusMode?.includes('continuous')) advanced.push({ focusMode: mode === 'Macro' && capabilities.focusMode.includes('single-shot') ? 'single-shot' : 'continuous' });
  if (advanced.length > 0) await track.applyConstraints({ advanced } as MediaTrackConstraints).catch(() => undefined);
}

/** The verdict of a picture file chosen instead of taken (decoded by the browser). */
export async function analyseFile(file: File): Promise<PhotoAnalysis | null> {
  const [picture] = (await readPicture(file, [PHOTO_ANALYSIS.side])) ?? [];
  return picture ? analyseLuma(picture.luma, picture.width, picture.height) : null;
}

/**
 * The device camera for Camera Tools: asks for the chosen resolution (the camera may give less,
 * which `notice` then says), applies the mode where the camera can, and takes JPEG shots at the
 * chosen quality, each measured at once.
 */
export function useCamera(settings: CameraSettings) {
  const streamRef = useRef<MediaStream | null>(null);
  const videoEl = useRef<HTMLVideoElement | null>(null);
  // The view is unmounted while a shot is reviewed: the element that comes back takes the running stream.
  const videoRef = useCallback((video: HTMLVideoElement | null) => {
    videoEl.current = video;
    const stream = streamRef.current;
    if (video && stream && video.srcObject !== stream) {
      video.srcObject = stream;
      void video.play().catch(() => undefined);
    }
  }, []);
  const [state, setState] = useState<CameraState>('off');
  const [frame, setFrame] = useState<{ width: number; height: number } | null>(null);

  // Each start and stop is a new attempt: a camera that answers after a later stop or start is let go at once.
  const attempt = useRef(0);

  const stop = useCallback(() => {
    attempt.current++;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoEl.current) videoEl.current.srcObject = null;
    setState('off');
    setFrame(null);
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('missing');
      return;
    }
    stop();
    const mine = attempt.current;
    setState('starting');
    const size = RESOLUTION_SIZES[settings.resolution];
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { width: { ideal: size.width }, height: { ideal: size.height }, facingMode: { ideal: 'environment' } },
      });
      if (attempt.current !== mine) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      streamRef.current = stream;
      const [track] = stream.getVideoTracks();
      if (track) await applyMode(track, settings.mode);
      const video = videoEl.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
      }
      if (attempt.current !== mine) return;
      const actual = track?.getSettings();
      setFrame(actual?.width && actual.height ? { width: actual.width, height: actual.height } : null);
      setState('live');
    } catch (error) {
      if (attempt.current !== mine) return;
      const name = error instanceof DOMException ? error.name : '';
      setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : 'failed');
    }
  }, [settings.mode, settings.resolution, stop]);

  useEffect(() => stop, [stop]);

  const capture = useCallback(async (): Promise<Shot | null> => {
    const video = videoEl.current;
    if (!video || state !== 'live') return null;
    // A view that just came back has no frame yet: wait for its first one (briefly).
    if (video.videoWidth === 0) {
      await new Promise<void>((resolve) => {
        const done = () => resolve();
        video.addEventListener('loadeddata', done, { once: true });
        setTimeout(done, 2_000);
      });
      if (video.videoWidth === 0) return null;
    }
    const width = video.videoWidth;
    const height = video.videoHeight;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d')?.drawImage(video, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY_LEVELS[settings.quality]));
    if (!blob) return null;
    const { luma, width: w, height: h } = lumaOf(canvas, width, height);
    const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-');
    const file = new File([blob], `photo-${stamp}.jpg`, { type: 'image/jpeg' });
    return { file, url: URL.createObjectURL(blob), width, height, analysis: analyseLuma(luma, w, h) };
  }, [settings.quality, state]);

  const asked = RESOLUTION_SIZES[settings.resolution];
  const short = frame !== null && Math.max(frame.width, frame.height) < asked.width;
  const notice = short && frame ? `This camera gives ${describeFrame(frame.width, frame.height)}: ${settings.resolution} is not available on this device, so photos are taken at that size.` : null;

  return { videoRef, state, frame, notice, start, stop, capture };
}
