import { answer, transferablesOf, type OverlapReply, type OverlapRequest } from './overlap-protocol.ts';

/**
 * A scan photo's decoding, blur verdict, corners and overlap, off the page's thread
 * (docs/scans.md#photos): choosing 60 photos, or following the live camera, leaves the page free.
 */
self.onmessage = async (event: MessageEvent<OverlapRequest>) => {
  const reply = await answer(event.data);
  try {
    self.postMessage(reply, { transfer: transferablesOf(reply) });
  } catch (error) {
    // An answer that cannot be sent still answers its question, so nothing on the page waits for ever.
    const failed: OverlapReply = { id: reply.id, kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    self.postMessage(failed);
  }
};
