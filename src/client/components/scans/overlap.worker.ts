import { answer, transferablesOf, type OverlapRequest } from './overlap-protocol.ts';

/**
 * A scan photo's decoding, blur verdict, corners and overlap, off the page's thread
 * (docs/scans.md#photos): choosing 60 photos, or following the live camera, leaves the page free.
 */
self.onmessage = async (event: MessageEvent<OverlapRequest>) => {
  const reply = await answer(event.data);
  self.postMessage(reply, { transfer: transferablesOf(reply) });
};
