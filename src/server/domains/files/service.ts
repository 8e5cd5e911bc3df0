import type { User } from '../../../shared/auth.ts';
import { ACCEPTED_FILES_TEXT, FILE_LIMITS, formatBytes, type Attachment, type StoredFile } from '../../../shared/files.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { recordAudit } from '../../lib/audit.ts';
import { findGarageAccess, garageVehicleAccess } from '../../lib/garage-access.ts';
import { requireShopAccess, staffRole } from '../../lib/shop-access.ts';
import { analysePhoto } from '../../lib/photo-analysis.ts';
import { lockUploader, requireRoom } from '../../lib/storage-quota.ts';
import { processImage } from './images.ts';
import { scrubPdfMetadata } from './pdf.ts';
import {
  countAttachments,
  deleteAttachment,
  deleteFile,
  findOwnFile,
  findVisibleFile,
  findVisibleRecord,
  insertAttachment,
  insertFile,
  isAttached,
  listAttachments,
  storedBytes,
  type NewFile,
} from './repository.ts';
import { contradiction, safeFileName, sniffType } from './sniff.ts';

export const fileNotFound = () => domainError('NOT_FOUND', 'File not found');
const recordNotFound = () => domainError('NOT_FOUND', 'Service record not found');

export const tooLarge = () => domainError('PAYLOAD_TOO_LARGE', `A file may be at most ${formatBytes(FILE_LIMITS.maxBytes)}`);

/**
 * Stores one upload (docs/files.md#rules): the type comes from the bytes alone; photos are
 * re-encoded without their metadata and get a thumbnail, PDFs lose their document information and XMP; the owner's quota is checked behind
 * their row lock, so two uploads at once cannot both squeeze in.
 */
export async function storeUpload(db: Database, userId: string, bytes: Buffer, declaredName: string | undefined, declaredType?: string): Promise<StoredFile> {
  if (bytes.byteLength === 0) throw domainError('BAD_REQUEST', 'The file is empty');
  if (bytes.byteLength > FILE_LIMITS.maxBytes) throw tooLarge();
  const type = sniffType(bytes);
  if (!type) throw domainError('UNSUPPORTED_MEDIA_TYPE', `This kind of file cannot be attached: only ${ACCEPTED_FILES_TEXT} are accepted`);
  const mismatch = contradiction(type, declaredName, declaredType);
  if (mismatch) throw domainError('UNSUPPORTED_MEDIA_TYPE', mismatch);
  let file: NewFile;
  if (type === 'application/pdf') {
    // Author, creator, producer, dates and XMP taken out in place (pdf.ts says what is reached).
    file = { name: safeFileName(declaredName, type), contentType: type, content: scrubPdfMetadata(bytes).content, thumbnail: null, width: null, height: null, analysis: null };
  } else {
    const [image, analysis] = await Promise.all([processImage(bytes, type), analysePhoto(bytes)]);
    if (image.content.byteLength > FILE_LIMITS.maxBytes) throw tooLarge();
    file = { name: safeFileName(declaredName, type), contentType: type, content: image.content, thumbnail: image.thumbnail, width: image.width, height: image.height, analysis };
  }
  const size = file.content.byteLength + (file.thumbnail?.byteLength ?? 0);
  return db.transaction().execute(async (trx) => {
    if (!(await lockUploader(trx, userId))) throw domainError('UNAUTHORIZED', 'No authenticated session');
    requireRoom({ used: await storedBytes(trx, userId), adding: size, quota: FILE_LIMITS.quotaBytes, kept: 'files', one: 'file', advice: 'Remove files you no longer need and try again.' });
    return insertFile(trx, userId, file);
  });
}

/**
 * The record the caller may attach files to or remove them from: the owner's own history (and an
 * editor's of a shared vehicle), or a record the caller's shop wrote ('work' role). Others who may read the record get 403; everyone
 * else 404.
 */
async function writableRecord(db: Executor, user: User, recordId: string) {
  const record = await findVisibleRecord(db, user.id, recordId);
  if (!record) throw recordNotFound();
  if (record.user_id === user.id) return { record, shopId: null };
  if (record.service_center_id && (await staffRole(db, user.id, record.service_center_id))) {
    await requireShopAccess(db, user, record.service_center_id, 'work');
    return { record, shopId: record.service_center_id };
  }
  // An editor of the vehicle its owner shared keeps its history as the owner does (a viewer: 403).
  const shared = record.user_id ? await findGarageAccess(db, user.id, { ownerId: record.user_id, vehicleId: record.vehicle_id }) : null;
  if (shared) {
    await garageVehicleAccess(db, user.id, { id: shared.garageVehicleId }, 'edit');
    return { record, shopId: null };
  }
  throw domainError('FORBIDDEN', 'Staff attach files only to the records their shop wrote, never to the owner\u2019s own entries');
}

export async function recordAttachments(db: Database, userId: string, recordId: string): Promise<Attachment[]> {
  if (!(await findVisibleRecord(db, userId, recordId))) throw recordNotFound();
  return listAttachments(db, userId, recordId);
}

export async function attachFile(db: Database, user: User, recordId: string, fileId: string): Promise<Attachment[]> {
  return db.transaction().execute(async (trx) => {
    const { shopId } = await writableRecord(trx, user, recordId);
    if (!(await findOwnFile(trx, user.id, fileId))) throw fileNotFound();
    if ((await countAttachments(trx, recordId)) >= FILE_LIMITS.perRecord) {
      throw domainError('BAD_REQUEST', `A record holds at most ${FILE_LIMITS.perRecord} files: remove one first`);
    }
    await insertAttachment(trx, recordId, fileId, user.id);
    if (shopId) await recordAudit(trx, { serviceCenterId: shopId, actorId: user.id, entity: 'service_record', entityId: recordId, action: 'update', after: { attachedFileId: fileId } });
    return listAttachments(trx, user.id, recordId);
  });
}

/** Takes a file off a record; a file of the caller's that is then attached nowhere is deleted. */
export async function detachFile(db: Database, user: User, recordId: string, fileId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { shopId } = await writableRecord(trx, user, recordId);
    if (!(await deleteAttachment(trx, recordId, fileId))) throw fileNotFound();
    if (shopId) await recordAudit(trx, { serviceCenterId: shopId, actorId: user.id, entity: 'service_record', entityId: recordId, action: 'update', before: { attachedFileId: fileId } });
    if ((await findOwnFile(trx, user.id, fileId)) && !(await isAttached(trx, fileId))) await deleteFile(trx, fileId);
  });
}

/** Only whoever uploaded a file deletes it (from every record it is attached to). */
export async function removeFile(db: Database, userId: string, fileId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const file = await findVisibleFile(trx, userId, fileId);
    if (!file) throw fileNotFound();
    if (!file.mine) throw domainError('FORBIDDEN', 'Only whoever uploaded a file can delete it; remove it from the record instead');
    await deleteFile(trx, fileId);
  });
}
