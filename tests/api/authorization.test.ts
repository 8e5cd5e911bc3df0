import { randomUUID } from 'node:crypto';
import { TRPCError, type inferRouterInputs } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeOnOneDatabase } from '../helpers/db.ts';
import { buildTestApp, callerFor, createUser, signInCookie, TEST_PASSWORD, uniqueEmail } from '../helpers/factories.ts';
import { AVATAR_PRESETS } from '../../src/shared/avatars.ts';
import type { User } from '../../src/shared/auth.ts';
import type { Database } from '../../src/server/db/index.ts';
import { componentSet } from '../../src/server/domains/vehicles/components.ts';
import { insertComponents, insertDecodedVehicle, insertWalkthrough } from '../../src/server/domains/vehicles/repository.ts';
import { getVinDecoder } from '../../src/server/domains/vehicles/vin-decoder.ts';
import { walkthroughFor } from '../../src/server/domains/vehicles/walkthroughs.ts';
import type { RestAuth } from '../../src/server/http/rest.ts';
import { storeUpload } from '../../src/server/domains/files/service.ts';
import { unsubscribeToken } from '../../src/server/domains/email/unsubscribe.ts';
import { multipart, picture, TINY_PDF } from '../helpers/files.ts';
import { modelOf, noisePhoto, scanWithPhotos } from '../helpers/scans.ts';
import { appRouter, type AppRouter } from '../../src/server/router.ts';

/**
 * The authorization matrix of docs/api.md#who-may-call-what: four actors × every tRPC procedure and
 * every REST path. One table states each procedure's rule; the expected answer of every cell is
 * generated from that rule, never written by hand. A procedure or path without a row fails. It runs
 * on one database (decision 169): who may call what is the app's own rule, the same on either kind.
 */

// ---- Actors, rules and what they imply ----------------------------------------------------

/**
 * - ownerA: a vehicle owner who sent requests to shop A (a customer of shop A); ownerB: another owner.
 * - editorA, viewerA: accounts A shared A's truck with (a household), as editor and as viewer.
 * - modeTech: an account in Tech Mode that is staff of no shop (a mode grants nothing).
 * - shopOwner, manager, technician: staff of shop A by role; otherShop: the owner of shop B.
 * - admin: a platform administrator (staff of no shop).
 */
const ACTORS = ['anonymous', 'ownerA', 'editorA', 'viewerA', 'ownerB', 'modeTech', 'shopOwner', 'manager', 'technician', 'otherShop', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type SignedIn = Exclude<Actor, 'anonymous'>;
const STAFF_A: ReadonlySet<Actor> = new Set(['shopOwner', 'manager', 'technician']);
const MANAGERS_A: ReadonlySet<Actor> = new Set(['shopOwner', 'manager']);
const STAFF_ANYWHERE: ReadonlySet<Actor> = new Set(['shopOwner', 'manager', 'technician', 'otherShop']);
/** Owner A and the household A shared A's truck with. */
const HOUSEHOLD_A: ReadonlySet<Actor> = new Set(['ownerA', 'editorA', 'viewerA']);
const KEEPERS_A: ReadonlySet<Actor> = new Set(['ownerA', 'editorA']);
/**
 * Who asks as a shop where a procedure has a shop's form and an owner's (diagnostics.list and
 * create): staff of any shop and admins name shop A (and A's customer vehicle), the others name A's
 * truck only, as the shop's pages and My Garage do.
 */
const ASKS_AS_SHOP: ReadonlySet<Actor> = new Set([...STAFF_ANYWHERE, 'admin']);

/**
 * - public: anyone. signedIn: any signed-in user (anonymous: UNAUTHORIZED).
 * - ownRow: the input names a row of owner A; anyone else signed in gets NOT_FOUND (staff and admins too).
 * - ownList: a list of the caller's own rows: A's row is listed for A only.
 * - inactiveRow / inactiveList: an inactive service center: visitors get NOT_FOUND / do not see it.
 * - requestRow: a request of owner A to shop A: its customer, shop A's staff and admins read it.
 * - requestList: a list of what the caller may read: A's request is listed for A and shop A's staff.
 * - mineList: the caller's own requests: listed for A only.
 * - requestParty: the customer and shop A's staff act on it (a message); others NOT_FOUND.
 * - customerRow: only the customer acts on it (cancel); others NOT_FOUND.
 * - shopRead: names shop A or its row: shop A's staff and admins; others NOT_FOUND.
 * - shopWork: shop A's staff; others NOT_FOUND.
 * - shopManage: shop A's managers and owner; its technician FORBIDDEN; others NOT_FOUND.
 * - shopOwn: shop A's owner; its manager and technician FORBIDDEN; others NOT_FOUND.
 * - centerManage / centerOwn: as shopManage / shopOwn, and admins too (the directory).
 * - staffOrAdmin: staff of any shop and admins; other signed-in users FORBIDDEN.
 * - authorOrAdmin: the knowledge item's author (shop A's technician) and admins; others FORBIDDEN.
 * - historyRow / historyList: A's own service record of a vehicle A brought to shop A: A and shop
 *   A's staff read it (listed for them); others NOT_FOUND / not listed.
 * - historyWrite: changing that record: A and A's editor; A's viewer and shop A's staff see it but
 *   get FORBIDDEN; others NOT_FOUND.
 * - garageList: the caller's garage: A's truck is listed for A, A's editor and A's viewer.
 * - garageRead / garageEdit / garageOwn: A's truck or its history (fuel, expenses): read by the
 *   household; kept by A and the editor (the viewer FORBIDDEN); owned by A (members FORBIDDEN);
 *   everyone else NOT_FOUND (lib/garage-access.ts).
 * - garageMember: leaving A's truck: its members; A FORBIDDEN (A removes it instead); others NOT_FOUND.
 * - fileRemove: deleting A's file: its uploader A; whoever else sees it FORBIDDEN; others NOT_FOUND.
 * - inspectionRead / inspectionList: shop A's inspection of A's truck, shared with A (or a photo of
 *   it): shop A's staff, its customer A and A's household (who see what A sees) read it (listed for
 *   them); other shops' staff and admins NOT_FOUND / not listed (docs/inspections.md#who-sees-what).
 * - inspectionShopList: shop A's inspections, by naming the shop: its staff (listed); admins pass
 *   the shop's read check but see no inspection (an empty list); others NOT_FOUND.
 * - inspectionWork: changing shop A's inspection (findings, photos, signing, sharing): its staff, any
 *   role; everyone else NOT_FOUND, A and A's household too (a draft is hidden from them).
 * - inspectionLink: turning off the link of shop A's inspection shared with A: its staff; A and A's
 *   household read it but get FORBIDDEN (8f2b5d8: the shop's findings are theirs to read, not to
 *   change); others NOT_FOUND.
 * - inspectionDecide: a recommendation of shop A's shared inspection: its customer A alone decides;
 *   the others who see it (shop A's staff, A's household) FORBIDDEN; others NOT_FOUND.
 * - sessionRead: shop A's diagnostic session of A's truck: shop A's staff, its customer A and A's
 *   household read it; other shops' staff and admins NOT_FOUND (docs/diagnostics.md#who-sees-what).
 * - sessionList: diagnostics.list as each actor's page asks it (ASKS_AS_SHOP): staff and admins name
 *   shop A: its staff list the session, admins pass the shop's read check but see none (an empty
 *   list), other shops' staff NOT_FOUND; the others name A's truck: A and A's household list it
 *   (the owner's history), anyone else gets an empty list of their own.
 * - sessionCreate: storing a session of A's truck: staff and admins name shop A and A's customer
 *   vehicle (shop A's staff, any role; others NOT_FOUND); the others store it in A's history
 *   (garageEdit: A and the editor; the viewer FORBIDDEN; others NOT_FOUND).
 * - sessionWork: changing shop A's session (notes, live values, clearing): its staff, any role; A and
 *   A's household read it but get FORBIDDEN; others NOT_FOUND.
 * - passwordCheck: an act on the caller's own account confirmed by password (deleting it). The matrix
 *   sends a wrong password, so every signed-in user reaches the check (BAD_REQUEST) and nobody's
 *   account goes; anonymous UNAUTHORIZED. The account-deletion tests cover the right password.
 */
type Rule =
  | 'public'
  | 'signedIn'
  | 'ownRow'
  | 'ownList'
  | 'inactiveRow'
  | 'inactiveList'
  | 'requestRow'
  | 'requestList'
  | 'mineList'
  | 'requestParty'
  | 'customerRow'
  | 'shopRead'
  | 'shopWork'
  | 'shopManage'
  | 'shopOwn'
  | 'centerManage'
  | 'centerOwn'
  | 'staffOrAdmin'
  | 'authorOrAdmin'
  | 'historyRow'
  | 'historyList'
  | 'historyWrite'
  | 'passwordCheck'
  | 'garageList'
  | 'garageRead'
  | 'garageEdit'
  | 'garageOwn'
  | 'garageMember'
  | 'fileRemove'
  | 'inspectionRead'
  | 'inspectionList'
  | 'inspectionShopList'
  | 'inspectionWork'
  | 'inspectionDecide'
  | 'inspectionLink'
  | 'sessionRead'
  | 'sessionList'
  | 'sessionCreate'
  | 'sessionWork';
type DenyCode = 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_REQUEST';
type Expectation = { allow: true; listsWatchedRow?: boolean } | { allow: false; code: DenyCode };

const LIST_RULES: ReadonlySet<Rule> = new Set(['ownList', 'inactiveList', 'requestList', 'mineList', 'historyList', 'garageList', 'inspectionList', 'inspectionShopList', 'sessionList']);

const allow = (listsWatchedRow?: boolean): Expectation => ({ allow: true, listsWatchedRow });
const deny = (code: DenyCode): Expectation => ({ allow: false, code });
const allowIf = (condition: boolean, otherwise: DenyCode): Expectation => (condition ? allow() : deny(otherwise));

/** The one place that turns a rule into the expected answer of each actor. */
function expectationOf(rule: Rule, actor: Actor): Expectation {
  if (rule === 'public') return allow();
  if (rule === 'inactiveRow') return actor === 'anonymous' ? deny('NOT_FOUND') : allow();
  if (rule === 'inactiveList') return allow(actor !== 'anonymous');
  if (actor === 'anonymous') return deny('UNAUTHORIZED');
  switch (rule) {
    case 'signedIn':
      return allow();
    case 'ownRow':
      return allowIf(actor === 'ownerA', 'NOT_FOUND');
    case 'ownList':
    case 'mineList':
      return allow(actor === 'ownerA');
    case 'requestRow':
      return allowIf(actor === 'ownerA' || STAFF_A.has(actor) || actor === 'admin', 'NOT_FOUND');
    case 'requestList':
      // Admins read a shop's rows by naming it (support), not in their own lists.
      return allow(actor === 'ownerA' || STAFF_A.has(actor));
    case 'historyList':
      return allow(HOUSEHOLD_A.has(actor) || STAFF_A.has(actor));
    case 'historyRow':
      return allowIf(HOUSEHOLD_A.has(actor) || STAFF_A.has(actor), 'NOT_FOUND');
    case 'historyWrite':
      return KEEPERS_A.has(actor) ? allow() : STAFF_A.has(actor) || actor === 'viewerA' ? deny('FORBIDDEN') : deny('NOT_FOUND');
    case 'fileRemove':
      return actor === 'ownerA' ? allow() : STAFF_A.has(actor) || HOUSEHOLD_A.has(actor) ? deny('FORBIDDEN') : deny('NOT_FOUND');
    case 'garageList':
      return allow(HOUSEHOLD_A.has(actor));
    case 'garageRead':
      return allowIf(HOUSEHOLD_A.has(actor), 'NOT_FOUND');
    case 'garageEdit':
      return KEEPERS_A.has(actor) ? allow() : actor === 'viewerA' ? deny('FORBIDDEN') : deny('NOT_FOUND');
    case 'garageOwn':
      return actor === 'ownerA' ? allow() : HOUSEHOLD_A.has(actor) ? deny('FORBIDDEN') : deny('NOT_FOUND');
    case 'garageMember':
      return actor === 'editorA' || actor === 'viewerA' ? allow() : actor === 'ownerA' ? deny('FORBIDDEN') : deny('NOT_FOUND');
    case 'requestParty':
      return allowIf(actor === 'ownerA' || STAFF_A.has(actor), 'NOT_FOUND');
    case 'customerRow':
      return allowIf(actor === 'ownerA', 'NOT_FOUND');
    case 'shopRead':
      return allowIf(STAFF_A.has(actor) || actor === 'admin', 'NOT_FOUND');
    case 'shopWork':
      return allowIf(STAFF_A.has(actor), 'NOT_FOUND');
    case 'shopManage':
      return STAFF_A.has(actor) ? allowIf(MANAGERS_A.has(actor), 'FORBIDDEN') : deny('NOT_FOUND');
    case 'shopOwn':
      return STAFF_A.has(actor) ? allowIf(actor === 'shopOwner', 'FORBIDDEN') : deny('NOT_FOUND');
    case 'centerManage':
      if (actor === 'admin') return allow();
      return STAFF_A.has(actor) ? allowIf(MANAGERS_A.has(actor), 'FORBIDDEN') : deny('NOT_FOUND');
    case 'centerOwn':
      if (actor === 'admin') return allow();
      return STAFF_A.has(actor) ? allowIf(actor === 'shopOwner', 'FORBIDDEN') : deny('NOT_FOUND');
    case 'staffOrAdmin':
      return allowIf(STAFF_ANYWHERE.has(actor) || actor === 'admin', 'FORBIDDEN');
    case 'authorOrAdmin':
      return allowIf(actor === 'technician' || actor === 'admin', 'FORBIDDEN');
    case 'passwordCheck':
      return deny('BAD_REQUEST');
    case 'inspectionRead':
      return allowIf(HOUSEHOLD_A.has(actor) || STAFF_A.has(actor), 'NOT_FOUND');
    case 'inspectionList':
      return allow(HOUSEHOLD_A.has(actor) || STAFF_A.has(actor));
    case 'inspectionShopList':
      // Admins read a shop by naming it, but no inspection is theirs to see (docs/inspections.md).
      if (actor === 'admin') return allow(false);
      return STAFF_A.has(actor) ? allow(true) : deny('NOT_FOUND');
    case 'inspectionWork':
      return allowIf(STAFF_A.has(actor), 'NOT_FOUND');
    case 'inspectionDecide':
      return actor === 'ownerA' ? allow() : STAFF_A.has(actor) || HOUSEHOLD_A.has(actor) ? deny('FORBIDDEN') : deny('NOT_FOUND');
    case 'inspectionLink':
    case 'sessionWork':
      return STAFF_A.has(actor) ? allow() : HOUSEHOLD_A.has(actor) ? deny('FORBIDDEN') : deny('NOT_FOUND');
    case 'sessionRead':
      return allowIf(HOUSEHOLD_A.has(actor) || STAFF_A.has(actor), 'NOT_FOUND');
    case 'sessionList':
      // Admins read a shop by naming it, but no session is theirs to see (docs/diagnostics.md).
      if (ASKS_AS_SHOP.has(actor)) return STAFF_A.has(actor) ? allow(true) : actor === 'admin' ? allow(false) : deny('NOT_FOUND');
      return allow(HOUSEHOLD_A.has(actor));
    case 'sessionCreate':
      if (ASKS_AS_SHOP.has(actor)) return allowIf(STAFF_A.has(actor), 'NOT_FOUND');
      return KEEPERS_A.has(actor) ? allow() : actor === 'viewerA' ? deny('FORBIDDEN') : deny('NOT_FOUND');
  }
}

const HTTP_STATUS: Record<DenyCode, number> = { BAD_REQUEST: 400, UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404 };

/** What the API reference may say about a path under each rule. */
const DOCUMENTED_AUTH: Record<Rule, RestAuth> = {
  public: 'public',
  inactiveRow: 'public',
  inactiveList: 'public',
  signedIn: 'user',
  ownRow: 'user',
  ownList: 'user',
  requestRow: 'user',
  requestList: 'user',
  mineList: 'user',
  requestParty: 'user',
  customerRow: 'user',
  shopRead: 'staff',
  shopWork: 'staff',
  shopManage: 'staff',
  shopOwn: 'staff',
  centerManage: 'staff',
  centerOwn: 'staff',
  staffOrAdmin: 'staff',
  authorOrAdmin: 'staff',
  historyRow: 'user',
  historyList: 'user',
  historyWrite: 'user',
  passwordCheck: 'user',
  garageList: 'user',
  garageRead: 'user',
  garageEdit: 'user',
  garageOwn: 'user',
  garageMember: 'user',
  fileRemove: 'user',
  // Inspection paths serve staff and owners alike (self-checks), so the reference says 'user'.
  inspectionRead: 'user',
  inspectionList: 'user',
  inspectionShopList: 'user',
  inspectionWork: 'user',
  inspectionDecide: 'user',
  inspectionLink: 'user',
  // Session paths serve staff and owners alike (an owner's own scans), so the reference says 'user'.
  sessionRead: 'user',
  sessionList: 'user',
  sessionCreate: 'user',
  sessionWork: 'user',
};

function describeExpectation(e: Expectation): string {
  if (!e.allow) return `${e.code} (${HTTP_STATUS[e.code]})`;
  if (e.listsWatchedRow === undefined) return 'allowed';
  return e.listsWatchedRow ? 'allowed, lists the row' : 'allowed, row not listed';
}

// ---- Fixtures ------------------------------------------------------------------------------

interface Fixtures {
  db: Database;
  users: Record<SignedIn, User> & { spare: User };
  vehicleId: string;
  componentId: string;
  /** Written by shop A's technician. */
  knowledgeItemId: string;
  /** Shop A (active, owned by shopOwner), shop B (owned by otherShop), an inactive center owned by shopOwner. */
  shopA: string;
  shopB: string;
  inactiveCenterId: string;
  /** Shop A's customer record of owner A (made when A first wrote to the shop) and of a walk-in. */
  customerOfA: string;
  inquiryOfA: string;
  appointmentOfA: string;
  avatarOfA: string;
  /** A's scan session (no photos) and a model of A's own scan. */
  scanOfA: string;
  modelOfA: string;
  tokenOfA: string;
  /** A's garage entry of the vehicle (named in A's request to shop A) and A's own record of it. */
  garageOfA: string;
  recordOfA: string;
  /** A's PDF attached to recordOfA. */
  fileOfA: string;
  /** A record shop A's technician wrote for A's vehicle. */
  shopRecordOfA: string;
  /** A second stored vehicle: each garage.add cell first frees its slot. */
  spareVehicleId: string;
  /** A's fill-up and expense of the vehicle (owner-only: no shop reads them). */
  fuelOfA: string;
  expenseOfA: string;
  /** A's reminder of the vehicle (owner-only, as fuel). */
  reminderOfA: string;
  /** Shop A's customer vehicle of A: A's truck, linked to A's garage entry. */
  customerVehicleOfA: string;
  /** Inspections of A's truck: a draft of shop A's technician (hidden from A), and one signed and
   * shared with A, whose first item (`recommendationOfA`) is urgent with a recommendation and a
   * photo of the technician; the token of its public link. */
  shopDraftOfA: string;
  inspectionOfA: string;
  recommendationOfA: string;
  inspectionPhotoOfA: string;
  inspectionTokenOfA: string;
  /** A's own signed self-check of the truck (no shop). */
  selfCheckOfA: string;
  /** Diagnostic sessions of A's truck: shop A's technician's scan of A's customer vehicle (A's, as
   * the customer), and A's own manual one (A's history, no shop). */
  shopSessionOfA: string;
  ownSessionOfA: string;
  /** Shop A's part (with stock received) and supplier (docs/parts.md). */
  partOfA: string;
  supplierOfA: string;
  /** Shop A's repair order of A's truck, sent to A for approval (docs/repair-orders.md). */
  orderOfA: string;
  /** Shop A's purchase order of partOfA from supplierOfA, received (docs/parts.md#purchase-orders). */
  purchaseOrderOfA: string;
}

const VIN = '1FTFW1EF7BFB11754';
const SPARE_VIN = '1HGCM82633A004352';
/** Only A's record carries it: whether a CSV export lists that record. */
const RECORD_MARK = 'Matrix oil change';
/** Only A's own diagnostic session has this code: whether its CSV is A's. */
const SESSION_MARK = 'P0455';
const RANGE = { from: '2024-03-01', to: '2024-03-31', timeZone: 'UTC' };
const STYLE = AVATAR_PRESETS[0]!.style;

async function insertCenter(db: Database, name: string, ownerId: string, isActive = true): Promise<string> {
  const row = await db
    .insertInto('service_centers')
    .values({ name, address: '1 Main St', city: 'Springfield', state: 'IL', is_active: isActive })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('shop_staff').values({ service_center_id: row.id, user_id: ownerId, role: 'owner' }).execute();
  return row.id;
}

async function makeFixtures(db: Database): Promise<Fixtures> {
  const ownerA = await createUser(db, { role: 'simple' });
  const ownerB = await createUser(db, { role: 'simple' });
  const editorA = await createUser(db, { role: 'simple' });
  const viewerA = await createUser(db, { role: 'simple' });
  const modeTech = await createUser(db, { role: 'tech' });
  const shopOwner = await createUser(db, { role: 'tech' });
  const manager = await createUser(db, { role: 'tech' });
  // A technician who works in Simple Mode: the mode neither grants nor takes away.
  const technician = await createUser(db, { role: 'simple' });
  const otherShop = await createUser(db, { role: 'tech' });
  const adminRow = await createUser(db, { role: 'simple' });
  await db.updateTable('users').set({ is_admin: true }).where('id', '=', adminRow.id).execute();
  const admin = { ...adminRow, isAdmin: true };
  const spare = await createUser(db, { role: 'simple' });
  const asA = callerFor(db, ownerA);

  const shopA = await insertCenter(db, 'Open Garage', shopOwner.id);
  await db
    .insertInto('shop_staff')
    .values([
      { service_center_id: shopA, user_id: manager.id, role: 'manager' },
      { service_center_id: shopA, user_id: technician.id, role: 'technician' },
    ])
    .execute();
  // A second owner, so that shop A's owner may leave in a cell (the last owner cannot).
  const coOwner = await createUser(db, { role: 'simple' });
  await db.insertInto('shop_staff').values({ service_center_id: shopA, user_id: coOwner.id, role: 'owner' }).execute();
  const shopB = await insertCenter(db, 'Other Garage', otherShop.id);
  const inactive = await insertCenter(db, 'Closed Garage', shopOwner.id, false);

  // A stored vehicle (as a decode stores it) so no cell depends on the offline VIN decoder.
  const draft = { vin: VIN, year: 2020, make: 'Ford', model: 'F-150', trim: null, engine: null, transmission: null, drivetrain: null, bodyStyle: 'Pickup', details: {} };
  const vehicle = await insertDecodedVehicle(db, draft);
  if (!vehicle) throw new Error('fixture vehicle not stored');
  await insertComponents(db, vehicle.id, componentSet({ ...draft, details: null }));
  await insertWalkthrough(db, vehicle.id, walkthroughFor(draft, false));
  const [component] = await callerFor(db, null).vehicles.components({ vehicleId: vehicle.id });
  if (!component) throw new Error('fixture vehicle has no components');

  const item = await db
    .insertInto('knowledge_items')
    .values({ audience: 'both', title: 'Matrix item', body: 'Readable by everyone.', tags: ['matrix'], created_by: technician.id })
    .returning('id')
    .executeTakeFirstOrThrow();

  const garage = await asA.garage.add({ vehicleId: vehicle.id, nickname: 'A truck', odometer: 40_000 });
  await asA.garage.shares.add({ garageVehicleId: garage.id, email: editorA.email, role: 'editor' });
  await asA.garage.shares.add({ garageVehicleId: garage.id, email: viewerA.email, role: 'viewer' });
  const inquiry = await asA.inquiries.create({ serviceCenterId: shopA, garageVehicleId: garage.id, inquiryType: 'service', subject: 'A: brakes', description: 'Squeal' });
  const appointment = await asA.appointments.create({
    serviceCenterId: shopA,
    garageVehicleId: garage.id,
    appointmentDate: new Date(Date.now() + 86_400_000),
    duration: 60,
    serviceType: 'A: brakes',
  });
  const customer = await db.selectFrom('shop_customers').select('id').where('service_center_id', '=', shopA).where('user_id', '=', ownerA.id).executeTakeFirstOrThrow();
  const avatar = await asA.avatars.create({ displayName: 'A guide', style: STYLE });
  await asA.avatars.create({ displayName: 'A second guide', style: STYLE });
  // Everyone signed in has an active avatar, so GET /api/avatars/active answers 200 to each.
  for (const user of [editorA, viewerA, ownerB, modeTech, shopOwner, manager, technician, otherShop, admin]) {
    await callerFor(db, user).avatars.create({ displayName: 'Guide', style: STYLE });
  }
  const token = await asA.auth.tokens.create({ name: 'A token' });
  const scanOfA = await asA.scans.create({ resolution: 'low' });
  const modelOfA = await modelOf(db, ownerA);

  const spareDraft = { ...draft, vin: SPARE_VIN, year: 2003, make: 'Honda', model: 'Accord', bodyStyle: 'Sedan' };
  const spareVehicle = await insertDecodedVehicle(db, spareDraft);
  if (!spareVehicle) throw new Error('spare vehicle not stored');
  const record = await asA.garage.records.create({ vehicleId: vehicle.id, serviceType: RECORD_MARK, date: '2025-05-01', mileage: 39_000 });
  const fileOfA = await storeUpload(db, ownerA.id, TINY_PDF, 'matrix.pdf');
  await asA.files.attach({ recordId: record.id, fileId: fileOfA.id });
  const fuel = await asA.fuel.create({ vehicleId: vehicle.id, date: '2025-05-01', odometer: 39_000, quantity: 10, unit: 'gal' });
  const expense = await asA.fuel.expenses.create({ vehicleId: vehicle.id, date: '2025-05-01', category: 'insurance', amount: '100' });
  const reminder = await asA.garage.reminders.create({ vehicleId: vehicle.id, title: 'Matrix reminder', dueDate: '2030-01-01', everyMonths: 12 });
  const customerVehicle = await db.selectFrom('shop_customer_vehicles').select('id').where('customer_id', '=', customer.id).executeTakeFirstOrThrow();
  const shopRecord = await callerFor(db, technician).garage.records.create({
    serviceCenterId: shopA,
    customerVehicleId: customerVehicle.id,
    vehicleId: vehicle.id,
    serviceType: 'Shop brake job',
    date: '2025-05-02',
  });

  const users = { ownerA, editorA, viewerA, ownerB, modeTech, shopOwner, manager, technician, otherShop, admin, spare };
  const scope = { db, users, shopA, vehicleId: vehicle.id, customerVehicleOfA: customerVehicle.id };
  const shopDraft = await freshShopDraftOfA(scope);
  const shared = await freshSharedShopInspectionOfA(scope, { withPhoto: true });
  if (!shared.photoId) throw new Error('fixture inspection has no photo');
  const selfCheck = await asA.inspections.create({ vehicleId: vehicle.id });
  const checked = selfCheck.items[0];
  if (!checked) throw new Error('fixture self-check has no items');
  await asA.inspections.update({ id: selfCheck.id, items: [{ id: checked.id, status: 'attention' }] });
  await asA.inspections.complete({ id: selfCheck.id, signature: 'Owner A' });
  const shopSession = await callerFor(db, technician).diagnostics.create({
    vehicleId: vehicle.id,
    serviceCenterId: shopA,
    customerVehicleId: customerVehicle.id,
    source: 'adapter',
    adapter: 'ELM327 v1.5',
    vin: VIN,
    milOn: true,
    codes: [{ code: 'P0420', status: 'stored' }],
  });
  const ownSession = await asA.diagnostics.create({ vehicleId: vehicle.id, source: 'manual', codes: [{ code: SESSION_MARK, status: 'stored' }] });
  const part = await callerFor(db, technician).parts.create({ serviceCenterId: shopA, partNumber: 'MATRIX-1', name: 'Matrix brake pads', category: 'Brakes', make: 'Ford', priceCents: 4_999 });
  await callerFor(db, technician).parts.move({ partId: part.id, kind: 'received', quantity: 5 });
  const supplier = await callerFor(db, manager).parts.suppliers.create({ serviceCenterId: shopA, name: 'Matrix Supply' });

  return {
    db,
    users,
    vehicleId: vehicle.id,
    componentId: component.id,
    knowledgeItemId: item.id,
    shopA,
    shopB,
    inactiveCenterId: inactive,
    customerOfA: customer.id,
    inquiryOfA: inquiry.id,
    appointmentOfA: appointment.id,
    avatarOfA: avatar.id,
    scanOfA: scanOfA.id,
    modelOfA,
    tokenOfA: token.id,
    garageOfA: garage.id,
    recordOfA: record.id,
    shopRecordOfA: shopRecord.id,
    fileOfA: fileOfA.id,
    spareVehicleId: spareVehicle.id,
    fuelOfA: fuel.id,
    expenseOfA: expense.id,
    reminderOfA: reminder.id,
    customerVehicleOfA: customerVehicle.id,
    shopDraftOfA: shopDraft.id,
    inspectionOfA: shared.id,
    recommendationOfA: shared.itemId,
    inspectionPhotoOfA: shared.photoId,
    inspectionTokenOfA: shared.token,
    selfCheckOfA: selfCheck.id,
    shopSessionOfA: shopSession.id,
    ownSessionOfA: ownSession.id,
    partOfA: part.id,
    supplierOfA: supplier.id,
    orderOfA: (await freshOrderOfA({ db, users, shopA, customerVehicleOfA: customerVehicle.id }, 'sent')).orderId,
    purchaseOrderOfA: (await freshPurchaseOrderOfA({ db, users, shopA, partOfA: part.id, supplierOfA: supplier.id }, 'received')).orderId,
  };
}

/** A fresh center of shop A's owner for each deactivate cell (an allowed deactivate uses it up). */
async function freshCenterOfShopA(fx: Fixtures): Promise<string> {
  const id = await insertCenter(fx.db, 'To deactivate', fx.users.shopOwner.id);
  await fx.db
    .insertInto('shop_staff')
    .values([
      { service_center_id: id, user_id: fx.users.manager.id, role: 'manager' },
      { service_center_id: id, user_id: fx.users.technician.id, role: 'technician' },
    ])
    .execute();
  return id;
}

/** A new technician of shop A for each cell that changes or removes one. */
async function freshTechnicianOfShopA(fx: Fixtures): Promise<User> {
  const user = await createUser(fx.db, { role: 'simple' });
  await fx.db.insertInto('shop_staff').values({ service_center_id: fx.shopA, user_id: user.id, role: 'technician' }).execute();
  return user;
}

/** A fresh open invitation to shop A (its code and id). */
async function freshInviteOfShopA(fx: Fixtures): Promise<{ id: string; code: string }> {
  const invite = await callerFor(fx.db, fx.users.shopOwner).shops.invites.create({ serviceCenterId: fx.shopA, role: 'technician' });
  return { id: invite.id, code: invite.code };
}

type OrderScope = Pick<Fixtures, 'db' | 'users' | 'shopA' | 'customerVehicleOfA'>;

/**
 * A fresh repair order of A's truck at shop A, moved by its technician to `status`, with one
 * labour line (an allowed cell may use an order up: send it, remove its line, pay it).
 */
async function freshOrderOfA(fx: OrderScope, status: 'estimate' | 'sent' | 'in_progress' | 'invoiced'): Promise<{ orderId: string; lineId: string }> {
  const asTech = callerFor(fx.db, fx.users.technician);
  const order = await asTech.repairOrders.create({ serviceCenterId: fx.shopA, customerVehicleId: fx.customerVehicleOfA });
  const priced = await asTech.repairOrders.addLine({ orderId: order.id, line: { kind: 'labor', description: 'Matrix labour', serviceType: 'Inspection', hoursHundredths: 100, rateCents: 10_000 } });
  const path = { estimate: [], sent: ['sent'], in_progress: ['sent', 'approved', 'in_progress'], invoiced: ['sent', 'approved', 'in_progress', 'completed', 'invoiced'] } as const;
  for (const to of path[status]) await asTech.repairOrders.transition({ id: order.id, to });
  return { orderId: order.id, lineId: priced.lines[0]!.id };
}

type PurchaseScope = Pick<Fixtures, 'db' | 'users' | 'shopA' | 'partOfA' | 'supplierOfA'>;

/**
 * A fresh purchase order of shop A from its supplier, made by its technician: `empty` (a draft
 * without lines), `draft` (one line of partOfA, 5 units), `ordered`, or `received` (all 5). An
 * allowed cell may use it up (add its one line of a part, order, cancel, receive it).
 */
async function freshPurchaseOrderOfA(fx: PurchaseScope, status: 'empty' | 'draft' | 'ordered' | 'received'): Promise<{ orderId: string; lineId: string }> {
  const asTech = callerFor(fx.db, fx.users.technician);
  const lines = status === 'empty' ? [] : [{ partId: fx.partOfA, quantity: 5 }];
  const order = await asTech.purchaseOrders.create({ serviceCenterId: fx.shopA, supplierId: fx.supplierOfA, lines });
  const lineId = order.lines[0]?.id ?? randomUUID();
  if (status === 'ordered' || status === 'received') await asTech.purchaseOrders.transition({ id: order.id, to: 'ordered' });
  if (status === 'received') await asTech.purchaseOrders.receive({ id: order.id, lines: [{ lineId, quantity: 5 }] });
  return { orderId: order.id, lineId };
}

/** Every clock an allowed clock-in cell left running, stopped (a technician runs one at a time). */
async function stopClocks(fx: Fixtures): Promise<void> {
  await fx.db.updateTable('repair_order_time_entries').set({ ended_at: new Date() }).where('ended_at', 'is', null).execute();
}

/** A fresh knowledge item of shop A's technician for each delete cell. */
async function freshItemOfTechnician(fx: Fixtures): Promise<string> {
  const row = await fx.db
    .insertInto('knowledge_items')
    .values({ audience: 'both', title: 'To delete', body: 'Written to be deleted.', created_by: fx.users.technician.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Puts shop A's staff and shop B's owner back as the fixtures made them, and nobody else in shop A's roles. */
async function restoreStaff(fx: Fixtures): Promise<void> {
  const staff = [
    { service_center_id: fx.shopA, user_id: fx.users.shopOwner.id, role: 'owner' as const },
    { service_center_id: fx.shopA, user_id: fx.users.manager.id, role: 'manager' as const },
    { service_center_id: fx.shopA, user_id: fx.users.technician.id, role: 'technician' as const },
  ];
  for (const member of staff) {
    await fx.db.insertInto('shop_staff').values(member).onConflict((oc) => oc.columns(['service_center_id', 'user_id']).doUpdateSet({ role: member.role })).execute();
  }
  await fx.db.deleteFrom('shop_staff').where('service_center_id', '=', fx.shopA).where('user_id', '=', fx.users.otherShop.id).execute();
  // Those who are nobody's staff stay so: a shop one of them registered in a cell is let go.
  const outsiders = [fx.users.ownerA, fx.users.editorA, fx.users.viewerA, fx.users.ownerB, fx.users.modeTech, fx.users.admin].map((u) => u.id);
  await fx.db.deleteFrom('shop_staff').where('user_id', 'in', outsiders).execute();
}

/** A walk-in customer of shop A, made for one cell. */
async function freshCustomerOfShopA(fx: Fixtures): Promise<string> {
  const row = await fx.db.insertInto('shop_customers').values({ service_center_id: fx.shopA, name: 'Walk-in' }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A vehicle of a fresh walk-in customer of shop A, made for one cell. */
async function freshCustomerVehicleOfShopA(fx: Fixtures): Promise<string> {
  const customerId = await freshCustomerOfShopA(fx);
  const row = await fx.db.insertInto('shop_customer_vehicles').values({ customer_id: customerId, vehicle_id: fx.spareVehicleId }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A fresh request of A to shop A, for each cancel cell. */
async function freshInquiryOfA(fx: Fixtures): Promise<string> {
  const inquiry = await callerFor(fx.db, fx.users.ownerA).inquiries.create({ serviceCenterId: fx.shopA, inquiryType: 'general', subject: 'To cancel', description: 'Cancelled by a cell' });
  return inquiry.id;
}

/** A fresh appointment request of A at shop A, for each cancel cell. */
async function freshAppointmentOfA(fx: Fixtures): Promise<string> {
  const appointment = await callerFor(fx.db, fx.users.ownerA).appointments.create({
    serviceCenterId: fx.shopA,
    appointmentDate: new Date(Date.now() + 2 * 86_400_000),
    duration: 30,
    serviceType: 'To cancel',
  });
  return appointment.id;
}

/** A fresh token of A for each revoke cell (an allowed revoke uses it up). */
async function freshTokenOfA(fx: Fixtures): Promise<string> {
  return (await callerFor(fx.db, fx.users.ownerA).auth.tokens.create({ name: 'to revoke' })).id;
}

/** A fresh inactive avatar of A for each delete cell (an allowed delete uses it up). */
async function freshInactiveAvatarOfA(fx: Fixtures): Promise<string> {
  const asA = callerFor(fx.db, fx.users.ownerA);
  const spare = await asA.avatars.create({ displayName: 'To delete', style: STYLE });
  await asA.avatars.create({ displayName: 'Replacement', style: STYLE });
  return spare.id;
}

/** Frees the actor's garage slot of the spare vehicle, so that adding it succeeds when allowed. */
async function freeSpareSlot(fx: Fixtures, actor: Actor): Promise<void> {
  if (actor === 'anonymous') return;
  const userId = fx.users[actor].id;
  await fx.db.deleteFrom('garage_vehicles').where('user_id', '=', userId).where('vehicle_id', '=', fx.spareVehicleId).execute();
  // A spare entry shared with the actor is a slot too (one entry per vehicle in a garage).
  await fx.db
    .deleteFrom('garage_vehicle_shares')
    .where('user_id', '=', userId)
    .where('garage_vehicle_id', 'in', fx.db.selectFrom('garage_vehicles').select('id').where('vehicle_id', '=', fx.spareVehicleId))
    .execute();
}

/**
 * A fresh garage entry of A, shared with A's editor and viewer, for each remove cell (an allowed
 * remove uses it up); the members' own entries of the spare vehicle go first (one entry each).
 */
async function freshSharedGarageEntryOfA(fx: Fixtures): Promise<string> {
  for (const actor of ['ownerA', 'editorA', 'viewerA'] as const) await freeSpareSlot(fx, actor);
  const id = (await callerFor(fx.db, fx.users.ownerA).garage.add({ vehicleId: fx.spareVehicleId, nickname: 'To remove', odometer: 1 })).id;
  await fx.db
    .insertInto('garage_vehicle_shares')
    .values([
      { garage_vehicle_id: id, user_id: fx.users.editorA.id, role: 'editor' },
      { garage_vehicle_id: id, user_id: fx.users.viewerA.id, role: 'viewer' },
    ])
    .execute();
  return id;
}

/** Puts A's household back: the editor and the viewer of A's truck (a leave cell removes one). */
async function restoreShares(fx: Fixtures): Promise<void> {
  for (const [actor, role] of [['editorA', 'editor'], ['viewerA', 'viewer']] as const) {
    await fx.db
      .insertInto('garage_vehicle_shares')
      .values({ garage_vehicle_id: fx.garageOfA, user_id: fx.users[actor].id, role, invited_by: fx.users.ownerA.id })
      .onConflict((oc) => oc.columns(['garage_vehicle_id', 'user_id']).doUpdateSet({ role }))
      .execute();
  }
}

/** Only A's editor and viewer keep their shares: cells that add members stay below the limit. */
async function trimSharesOfA(fx: Fixtures): Promise<void> {
  await fx.db
    .deleteFrom('garage_vehicle_shares')
    .where('garage_vehicle_id', '=', fx.garageOfA)
    .where('user_id', 'not in', [fx.users.editorA.id, fx.users.viewerA.id])
    .execute();
}

/** A fresh member of A's truck for each revoke cell. */
async function freshMemberOfA(fx: Fixtures): Promise<string> {
  await trimSharesOfA(fx);
  const user = await createUser(fx.db, { role: 'simple' });
  await fx.db.insertInto('garage_vehicle_shares').values({ garage_vehicle_id: fx.garageOfA, user_id: user.id, role: 'viewer' }).execute();
  return user.id;
}

/** An address of a fresh account, for each share cell (an allowed share uses it up). */
async function freshInviteeEmail(fx: Fixtures): Promise<string> {
  await trimSharesOfA(fx);
  return (await createUser(fx.db, { role: 'simple' })).email;
}

/** A file the actor uploaded (A's for those who cannot upload here): an editor attaches their own. */
async function freshFileOf(fx: Fixtures, actor: Actor): Promise<string> {
  const uploader = actor === 'anonymous' ? fx.users.ownerA : fx.users[actor];
  return (await storeUpload(fx.db, uploader.id, TINY_PDF, 'fresh.pdf')).id;
}

/** A fresh record of A for each delete cell (an allowed delete uses it up). */
async function freshRecordOfA(fx: Fixtures): Promise<string> {
  return (await callerFor(fx.db, fx.users.ownerA).garage.records.create({ vehicleId: fx.vehicleId, serviceType: 'To delete', date: '2025-05-02' })).id;
}

/** A file A uploaded and attached nowhere. */
async function freshFileOfA(fx: Fixtures): Promise<string> {
  return (await storeUpload(fx.db, fx.users.ownerA.id, TINY_PDF, 'fresh.pdf')).id;
}

/** A's file on a fresh record of A (a record holds at most 20 files, so each cell gets its own). */
async function freshAttachmentOfA(fx: Fixtures): Promise<{ recordId: string; fileId: string }> {
  const recordId = await freshRecordOfA(fx);
  const fileId = await freshFileOfA(fx);
  await callerFor(fx.db, fx.users.ownerA).files.attach({ recordId, fileId });
  return { recordId, fileId };
}

/** A photo of A (it has a thumbnail) on a fresh record of A. */
async function freshPhotoOfA(fx: Fixtures): Promise<string> {
  const recordId = await freshRecordOfA(fx);
  const photo = await storeUpload(fx.db, fx.users.ownerA.id, await picture(8, 8), 'photo.png');
  await callerFor(fx.db, fx.users.ownerA).files.attach({ recordId, fileId: photo.id });
  return photo.id;
}

/** A fresh fill-up and expense of A for each delete cell (an allowed delete uses it up). */
async function freshFuelOfA(fx: Fixtures): Promise<string> {
  return (await callerFor(fx.db, fx.users.ownerA).fuel.create({ vehicleId: fx.vehicleId, date: '2025-05-02', odometer: 39_050, quantity: 5, unit: 'gal' })).id;
}
async function freshExpenseOfA(fx: Fixtures): Promise<string> {
  return (await callerFor(fx.db, fx.users.ownerA).fuel.expenses.create({ vehicleId: fx.vehicleId, date: '2025-05-02', category: 'parking', amount: '5' })).id;
}

/** A fresh reminder of A for each delete and done cell. */
async function freshReminderOfA(fx: Fixtures): Promise<string> {
  return (await callerFor(fx.db, fx.users.ownerA).garage.reminders.create({ vehicleId: fx.vehicleId, title: 'To finish', dueMileage: 45_000 })).id;
}

/** A live calendar feed token of A (each cell makes its own: a create cell replaces the previous one). */
async function freshCalendarTokenOfA(fx: Fixtures): Promise<string> {
  return (await callerFor(fx.db, fx.users.ownerA).calendar.create()).token;
}

/** What the inspection helpers need (makeFixtures has no Fixtures yet when it makes its own). */
type InspectionScope = Pick<Fixtures, 'db' | 'users' | 'shopA' | 'vehicleId' | 'customerVehicleOfA'>;

/**
 * A fresh draft of shop A's technician on A's truck, for each cell that signs, shares or changes
 * one (an allowed call uses it up); with `marked`, its first item is checked, so it can be signed.
 */
async function freshShopDraftOfA(fx: InspectionScope, options: { marked?: boolean } = {}): Promise<{ id: string; itemId: string }> {
  const asTech = callerFor(fx.db, fx.users.technician);
  const draft = await asTech.inspections.create({ vehicleId: fx.vehicleId, serviceCenterId: fx.shopA, customerVehicleId: fx.customerVehicleOfA });
  const item = draft.items[0];
  if (!item) throw new Error('inspection draft has no items');
  if (options.marked) await asTech.inspections.update({ id: draft.id, items: [{ id: item.id, status: 'urgent', recommendation: 'Matrix repair', estimatedCost: '120.00' }] });
  return { id: draft.id, itemId: item.id };
}

/** A fresh signed inspection of shop A (not yet shared: A does not see it), optionally with a photo. */
async function freshCompletedShopInspectionOfA(fx: InspectionScope, options: { withPhoto?: boolean } = {}): Promise<{ id: string; itemId: string; photoId: string | null }> {
  const asTech = callerFor(fx.db, fx.users.technician);
  const { id, itemId } = await freshShopDraftOfA(fx, { marked: true });
  let photoId: string | null = null;
  if (options.withPhoto) {
    photoId = (await storeUpload(fx.db, fx.users.technician.id, await picture(8, 8), 'finding.png')).id;
    await asTech.inspections.attachPhoto({ id, itemId, fileId: photoId });
  }
  await asTech.inspections.complete({ id, signature: 'Matrix Technician' });
  return { id, itemId, photoId };
}

/** A fresh inspection of shop A shared with A, and the token of its public link. */
async function freshSharedShopInspectionOfA(fx: InspectionScope, options: { withPhoto?: boolean } = {}) {
  const done = await freshCompletedShopInspectionOfA(fx, options);
  const { link } = await callerFor(fx.db, fx.users.technician).inspections.share({ id: done.id });
  const token = link.split('/').pop();
  if (!token) throw new Error(`no token in ${link}`);
  return { ...done, token };
}

/** A fresh draft of shop A with a photo of its technician on an item, for each detach cell. */
async function freshDraftPhotoOfA(fx: InspectionScope): Promise<{ id: string; itemId: string; fileId: string }> {
  const { id, itemId } = await freshShopDraftOfA(fx);
  const fileId = (await storeUpload(fx.db, fx.users.technician.id, await picture(8, 8), 'finding.png')).id;
  await callerFor(fx.db, fx.users.technician).inspections.attachPhoto({ id, itemId, fileId });
  return { id, itemId, fileId };
}

/** A photo the actor uploaded (A's for anonymous): an inspection takes only the caller's own. */
async function freshPictureOf(fx: Fixtures, actor: Actor): Promise<string> {
  const uploader = actor === 'anonymous' ? fx.users.ownerA : fx.users[actor];
  return (await storeUpload(fx.db, uploader.id, await picture(8, 8), 'finding.png')).id;
}

/**
 * The fresh inspections of shop A go again after their cell: the shop's list (at most 50, newest
 * first) keeps showing the fixture's shared one.
 */
async function dropFreshInspections(fx: Fixtures): Promise<void> {
  await fx.db.deleteFrom('inspections').where('service_center_id', '=', fx.shopA).where('id', 'not in', [fx.shopDraftOfA, fx.inspectionOfA]).execute();
}

/**
 * What a session's store or list names, by who asks (ASKS_AS_SHOP): A's truck and shop A for staff
 * and admins (with `customerVehicle`, A's customer vehicle of the truck too); A's truck alone for the others.
 */
function sessionTarget(fx: Fixtures, actor: Actor, options: { customerVehicle: boolean }) {
  if (!ASKS_AS_SHOP.has(actor)) return { vehicleId: fx.vehicleId };
  return { vehicleId: fx.vehicleId, serviceCenterId: fx.shopA, ...(options.customerVehicle ? { customerVehicleId: fx.customerVehicleOfA } : {}) };
}

/** A manual scan to store (any cell may store one). */
const matrixScan = () => ({ source: 'manual' as const, codes: [{ code: 'P0171', status: 'pending' as const }] });

/**
 * The sessions a create cell stored go again afterwards: the lists (at most 50, newest first) keep
 * showing the fixtures' sessions.
 */
async function dropFreshSessions(fx: Fixtures): Promise<void> {
  await fx.db.deleteFrom('diagnostic_sessions').where('vehicle_id', '=', fx.vehicleId).where('id', 'not in', [fx.shopSessionOfA, fx.ownSessionOfA]).execute();
}

/** A part number or supplier name no cell used before (an allowed create uses one up). */
const freshName = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;
/** A one-part catalogue with a fresh part number: each allowed import adds one part. */
const matrixPartsCsv = () => `Part number,Name,Price\r\n${freshName('IMP')},Matrix import,12.50\r\n`;

// ---- The procedure table -------------------------------------------------------------------

type In = inferRouterInputs<AppRouter>;

interface ProcedureRow {
  rule: Rule;
  /** Valid input for the actor (a function: built per cell, so a cell that uses a row up gets its own). */
  input?: (fx: Fixtures, actor: Actor) => unknown;
  /** List rules: the row whose listing the rule is about. */
  watched?: (fx: Fixtures) => string;
  /** List rules: the ids in the answer. */
  ids?: (answer: unknown) => string[];
  /** More about an allowed answer. */
  check?: (answer: unknown, fx: Fixtures, actor: SignedIn | 'anonymous') => void;
  /** Loads the offline VIN decoder (absent in some environments: then 503 is tolerated, never an auth error). */
  needsDecoder?: boolean;
  /** Undoes what an allowed call changed that later cells rely on. */
  after?: (fx: Fixtures) => Promise<void>;
}

const withIds = z.array(z.object({ id: z.string() }));
const listIds = (answer: unknown) => withIds.parse(answer).map((row) => row.id);
const pageIds = (answer: unknown) => z.object({ items: withIds }).parse(answer).items.map((row) => row.id);
/** A REST list answers an array, or a page (`{ items, nextCursor }`). */
const answerIds = (answer: unknown) => (Array.isArray(answer) ? listIds(answer) : pageIds(answer));

/** Each actor keeps its own mode, so later cells still act as the same user. */
const ownRole = (fx: Fixtures, actor: Actor) => (actor === 'anonymous' ? 'simple' : (fx.users[actor].role ?? 'simple'));

const PROCEDURES: Record<string, ProcedureRow> = {
  'auth.me': {
    rule: 'public',
    check: (answer, fx, actor) => expect(answer === null ? null : z.object({ id: z.string() }).parse(answer).id).toBe(actor === 'anonymous' ? null : fx.users[actor].id),
  },
  // Each actor keeps its own role, so later cells still act as the same kind of user.
  'auth.setRole': { rule: 'signedIn', input: (fx, actor) => ({ role: ownRole(fx, actor) }) satisfies In['auth']['setRole'] },
  'auth.updateProfile': { rule: 'signedIn', input: () => ({ lastName: 'Matrix' }) satisfies In['auth']['updateProfile'] },
  'auth.updatePreferences': { rule: 'signedIn', input: () => ({ notifications: true }) satisfies In['auth']['updatePreferences'] },
  'auth.tokens.list': { rule: 'ownList', watched: (fx) => fx.tokenOfA, ids: listIds },
  'auth.tokens.create': { rule: 'signedIn', input: () => ({ name: 'matrix' }) satisfies In['auth']['tokens']['create'] },
  'auth.tokens.revoke': { rule: 'ownRow', input: async (fx) => ({ id: await freshTokenOfA(fx) }) satisfies In['auth']['tokens']['revoke'] },
  // After the token rows: a password change revokes the user's tokens.
  'auth.changePassword': { rule: 'signedIn', input: () => ({ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }) satisfies In['auth']['changePassword'] },

  'vehicles.decodeVin': { rule: 'public', input: () => ({ vin: VIN }) satisfies In['vehicles']['decodeVin'] },
  'vehicles.search': { rule: 'public', input: () => ({ year: 2020, make: 'Ford', model: 'F-150' }) satisfies In['vehicles']['search'] },
  'vehicles.catalog': { rule: 'public' },
  'vehicles.models': { rule: 'public', input: () => ({ year: 2020, make: 'Ford' }) satisfies In['vehicles']['models'], needsDecoder: true },
  // The stored vehicle matches, so the choice is answered without the decoder.
  'vehicles.choose': { rule: 'public', input: () => ({ year: 2020, make: 'Ford', model: 'F-150' }) satisfies In['vehicles']['choose'] },
  'vehicles.get': { rule: 'public', input: (fx) => ({ vehicleId: fx.vehicleId }) satisfies In['vehicles']['get'] },
  'vehicles.components': { rule: 'public', input: (fx) => ({ vehicleId: fx.vehicleId }) satisfies In['vehicles']['components'] },
  'vehicles.videos': { rule: 'public', input: (fx) => ({ vehicleId: fx.vehicleId }) satisfies In['vehicles']['videos'] },
  'vehicles.serviceRecords': { rule: 'signedIn', input: (fx) => ({ vehicleId: fx.vehicleId, componentId: fx.componentId }) satisfies In['vehicles']['serviceRecords'] },

  'dtc.lookup': { rule: 'public', input: () => ({ code: 'P0420' }) satisfies In['dtc']['lookup'] },
  'dtc.search': { rule: 'public', input: () => ({ q: 'misfire' }) satisfies In['dtc']['search'] },

  'knowledge.search': { rule: 'public', input: () => ({ tags: ['matrix'] }) satisfies In['knowledge']['search'] },
  'knowledge.tips': { rule: 'public', input: (fx, actor) => ({ pageContext: 'home', role: ownRole(fx, actor) }) satisfies In['knowledge']['tips'] },
  'knowledge.tags': { rule: 'public', input: () => ({}) satisfies In['knowledge']['tags'] },
  'knowledge.get': { rule: 'public', input: (fx) => ({ id: fx.knowledgeItemId }) satisfies In['knowledge']['get'] },
  'knowledge.create': { rule: 'staffOrAdmin', input: () => ({ title: 'Matrix note', body: 'Written by staff.' }) satisfies In['knowledge']['create'] },
  'knowledge.delete': { rule: 'authorOrAdmin', input: async (fx) => ({ id: await freshItemOfTechnician(fx) }) satisfies In['knowledge']['delete'] },
  'knowledge.update': { rule: 'authorOrAdmin', input: (fx) => ({ id: fx.knowledgeItemId, priority: 'high' }) satisfies In['knowledge']['update'] },

  'serviceCenters.list': { rule: 'inactiveList', input: () => ({ limit: 100 }) satisfies In['serviceCenters']['list'], watched: (fx) => fx.inactiveCenterId, ids: pageIds },
  'serviceCenters.all': { rule: 'inactiveList', watched: (fx) => fx.inactiveCenterId, ids: listIds },
  'serviceCenters.get': { rule: 'inactiveRow', input: (fx) => ({ id: fx.inactiveCenterId }) satisfies In['serviceCenters']['get'] },
  // Any signed-in user registers a shop and becomes its owner.
  'serviceCenters.create': { rule: 'signedIn', input: () => ({ name: 'Matrix Garage', address: '4 Main St', city: 'Springfield', state: 'IL' }) satisfies In['serviceCenters']['create'], after: restoreStaff },
  'serviceCenters.update': { rule: 'centerManage', input: (fx) => ({ id: fx.shopA, phone: '555-010-9999' }) satisfies In['serviceCenters']['update'] },
  'serviceCenters.deactivate': { rule: 'centerOwn', input: async (fx) => ({ id: await freshCenterOfShopA(fx) }) satisfies In['serviceCenters']['deactivate'] },

  'shops.mine': {
    rule: 'signedIn',
    check: (answer, fx, actor) => {
      const ids = z.object({ memberships: z.array(z.object({ serviceCenterId: z.string() })) }).parse(answer).memberships.map((m) => m.serviceCenterId);
      expect(ids.includes(fx.shopA)).toBe(STAFF_A.has(actor));
    },
  },
  'shops.setCurrent': { rule: 'shopWork', input: (fx) => ({ serviceCenterId: fx.shopA }) satisfies In['shops']['setCurrent'] },
  'shops.register': { rule: 'signedIn', input: () => ({ name: 'Registered Garage', address: '6 Main St', city: 'Springfield', state: 'IL' }) satisfies In['shops']['register'], after: restoreStaff },
  // Each allowed leave is undone afterwards, so later cells find the same staff.
  'shops.leave': { rule: 'shopWork', input: (fx) => ({ serviceCenterId: fx.shopA }) satisfies In['shops']['leave'], after: restoreStaff },
  'shops.staff.list': { rule: 'shopRead', input: (fx) => ({ serviceCenterId: fx.shopA }) satisfies In['shops']['staff']['list'] },
  'shops.staff.setRole': {
    rule: 'shopManage',
    input: async (fx) => ({ serviceCenterId: fx.shopA, userId: (await freshTechnicianOfShopA(fx)).id, role: 'technician' }) satisfies In['shops']['staff']['setRole'],
  },
  'shops.staff.remove': {
    rule: 'shopManage',
    input: async (fx) => ({ serviceCenterId: fx.shopA, userId: (await freshTechnicianOfShopA(fx)).id }) satisfies In['shops']['staff']['remove'],
  },
  'shops.invites.create': { rule: 'shopManage', input: (fx) => ({ serviceCenterId: fx.shopA, role: 'technician' }) satisfies In['shops']['invites']['create'] },
  'shops.invites.list': { rule: 'shopManage', input: (fx) => ({ serviceCenterId: fx.shopA }) satisfies In['shops']['invites']['list'] },
  'shops.invites.revoke': {
    rule: 'shopManage',
    input: async (fx) => ({ serviceCenterId: fx.shopA, inviteId: (await freshInviteOfShopA(fx)).id }) satisfies In['shops']['invites']['revoke'],
  },
  'shops.invites.preview': { rule: 'public', input: async (fx) => ({ code: (await freshInviteOfShopA(fx)).code }) satisfies In['shops']['invites']['preview'] },
  // Anyone signed in who holds the code joins (shop A's staff keep their role).
  'shops.invites.accept': { rule: 'signedIn', input: async (fx) => ({ code: (await freshInviteOfShopA(fx)).code }) satisfies In['shops']['invites']['accept'], after: restoreStaff },

  'customers.list': {
    rule: 'shopRead',
    input: (fx) => ({ serviceCenterId: fx.shopA, limit: 100 }) satisfies In['customers']['list'],
    check: (answer, fx) => expect(pageIds(answer)).toContain(fx.customerOfA),
  },
  'customers.options': { rule: 'shopRead', input: (fx) => ({ serviceCenterId: fx.shopA, limit: 50 }) satisfies In['customers']['options'] },
  'customers.get': { rule: 'shopRead', input: (fx) => ({ id: fx.customerOfA }) satisfies In['customers']['get'] },
  'customers.create': { rule: 'shopManage', input: (fx) => ({ serviceCenterId: fx.shopA, name: 'Walk-in' }) satisfies In['customers']['create'] },
  'customers.update': { rule: 'shopManage', input: (fx) => ({ id: fx.customerOfA, notes: 'Prefers mornings' }) satisfies In['customers']['update'] },
  'customers.vehicles.add': {
    rule: 'shopManage',
    input: async (fx) => ({ customerId: await freshCustomerOfShopA(fx), vehicleId: fx.spareVehicleId, plate: 'ABC 123' }) satisfies In['customers']['vehicles']['add'],
  },
  'customers.vehicles.update': { rule: 'shopManage', input: async (fx) => ({ id: await freshCustomerVehicleOfShopA(fx), odometer: 1234 }) satisfies In['customers']['vehicles']['update'] },
  'customers.vehicles.remove': { rule: 'shopManage', input: async (fx) => ({ id: await freshCustomerVehicleOfShopA(fx) }) satisfies In['customers']['vehicles']['remove'] },
  'audit.list': { rule: 'shopManage', input: (fx) => ({ serviceCenterId: fx.shopA }) satisfies In['audit']['list'] },

  'inquiries.list': { rule: 'requestList', input: () => ({ limit: 100 }) satisfies In['inquiries']['list'], watched: (fx) => fx.inquiryOfA, ids: pageIds },
  'inquiries.all': { rule: 'requestList', watched: (fx) => fx.inquiryOfA, ids: listIds },
  'inquiries.stats': { rule: 'signedIn' },
  'inquiries.get': { rule: 'requestRow', input: (fx) => ({ id: fx.inquiryOfA }) satisfies In['inquiries']['get'] },
  'inquiries.create': {
    rule: 'signedIn',
    input: (fx) => ({ serviceCenterId: fx.shopA, inquiryType: 'quote', subject: 'Matrix', description: 'Matrix cell' }) satisfies In['inquiries']['create'],
  },
  'inquiries.setStatus': { rule: 'shopWork', input: (fx) => ({ id: fx.inquiryOfA, status: 'in_progress' }) satisfies In['inquiries']['setStatus'] },

  'inquiries.assign': { rule: 'shopWork', input: (fx) => ({ id: fx.inquiryOfA, technicianId: fx.users.technician.id }) satisfies In['inquiries']['assign'] },
  'inquiries.update': { rule: 'shopWork', input: (fx) => ({ id: fx.inquiryOfA, priority: 'high' }) satisfies In['inquiries']['update'] },
  'inquiries.cancel': { rule: 'customerRow', input: async (fx) => ({ id: await freshInquiryOfA(fx) }) satisfies In['inquiries']['cancel'] },
  'inquiries.messages.list': { rule: 'requestRow', input: (fx) => ({ inquiryId: fx.inquiryOfA }) satisfies In['inquiries']['messages']['list'] },
  'inquiries.messages.send': { rule: 'requestParty', input: (fx) => ({ inquiryId: fx.inquiryOfA, body: 'Matrix message' }) satisfies In['inquiries']['messages']['send'] },

  'appointments.list': { rule: 'requestList', input: () => ({ limit: 100 }) satisfies In['appointments']['list'], watched: (fx) => fx.appointmentOfA, ids: pageIds },
  'appointments.all': { rule: 'requestList', watched: (fx) => fx.appointmentOfA, ids: listIds },
  'appointments.stats': { rule: 'signedIn', input: () => ({ timeZone: 'Europe/Berlin' }) satisfies In['appointments']['stats'] },
  'appointments.get': { rule: 'requestRow', input: (fx) => ({ id: fx.appointmentOfA }) satisfies In['appointments']['get'] },
  'appointments.create': {
    rule: 'signedIn',
    input: (fx) => ({ serviceCenterId: fx.shopA, appointmentDate: '2030-01-02T10:00:00Z', duration: 30, serviceType: 'Matrix' }) satisfies In['appointments']['create'],
  },
  'appointments.setStatus': { rule: 'shopWork', input: (fx) => ({ id: fx.appointmentOfA, status: 'confirmed' }) satisfies In['appointments']['setStatus'] },

  'appointments.update': { rule: 'shopWork', input: (fx) => ({ id: fx.appointmentOfA, notes: 'Matrix note' }) satisfies In['appointments']['update'] },
  'appointments.cancel': { rule: 'customerRow', input: async (fx) => ({ id: await freshAppointmentOfA(fx) }) satisfies In['appointments']['cancel'] },

  'notifications.list': { rule: 'signedIn', input: () => ({}) satisfies In['notifications']['list'] },
  'notifications.unreadCount': { rule: 'signedIn' },
  'notifications.markRead': { rule: 'signedIn', input: () => ({ all: true }) satisfies In['notifications']['markRead'] },

  // 3D scans (docs/scans.md#who-may-do-what): a session is its maker's alone; a model its owner's.
  'scans.list': { rule: 'ownList', watched: (fx) => fx.scanOfA, ids: listIds },
  'scans.get': { rule: 'ownRow', input: (fx) => ({ id: fx.scanOfA }) satisfies In['scans']['get'] },
  'scans.create': { rule: 'signedIn', input: () => ({ resolution: 'low' }) satisfies In['scans']['create'] },
  'scans.process': { rule: 'ownRow', input: async (fx) => ({ id: await scanWithPhotos(fx.db, fx.users.ownerA, 8) }) satisfies In['scans']['process'] },
  'scans.delete': { rule: 'ownRow', input: async (fx) => ({ id: await scanWithPhotos(fx.db, fx.users.ownerA, 1) }) satisfies In['scans']['delete'] },
  'scans.model': { rule: 'ownRow', input: (fx) => ({ id: fx.modelOfA }) satisfies In['scans']['model'] },
  'scans.models': { rule: 'ownList', watched: (fx) => fx.modelOfA, ids: listIds },
  'scans.updateModel': { rule: 'ownRow', input: (fx) => ({ id: fx.modelOfA, mmPerUnit: 2.5 }) satisfies In['scans']['updateModel'] },
  'avatars.list': { rule: 'ownList', watched: (fx) => fx.avatarOfA, ids: listIds },
  'avatars.active': {
    rule: 'signedIn',
    // Only ever the caller's own avatar.
    check: (answer, fx, actor) => {
      if (actor === 'anonymous') throw new Error('anonymous cannot be allowed here');
      expect(z.object({ userId: z.string() }).parse(answer).userId).toBe(fx.users[actor].id);
    },
  },
  'avatars.create': { rule: 'signedIn', input: () => ({ displayName: 'Matrix guide', style: STYLE }) satisfies In['avatars']['create'] },
  'avatars.update': { rule: 'ownRow', input: (fx) => ({ id: fx.avatarOfA, changes: { tipsLevel: 'advanced' } }) satisfies In['avatars']['update'] },
  'avatars.delete': { rule: 'ownRow', input: async (fx) => ({ id: await freshInactiveAvatarOfA(fx) }) satisfies In['avatars']['delete'] },
  'avatars.setActive': { rule: 'ownRow', input: (fx) => ({ id: fx.avatarOfA }) satisfies In['avatars']['setActive'] },

  'garage.list': { rule: 'garageList', watched: (fx) => fx.garageOfA, ids: listIds },
  'garage.get': { rule: 'garageRead', input: (fx) => ({ id: fx.garageOfA }) satisfies In['garage']['get'] },
  'garage.add': {
    rule: 'signedIn',
    input: async (fx, actor) => {
      await freeSpareSlot(fx, actor);
      return { vehicleId: fx.spareVehicleId, nickname: 'Matrix car', odometer: 1000 } satisfies In['garage']['add'];
    },
  },
  'garage.update': { rule: 'garageEdit', input: (fx) => ({ id: fx.garageOfA, nickname: 'A truck' }) satisfies In['garage']['update'] },
  'garage.remove': { rule: 'garageOwn', input: async (fx) => ({ id: await freshSharedGarageEntryOfA(fx) }) satisfies In['garage']['remove'] },
  'garage.shares.list': { rule: 'garageOwn', input: (fx) => ({ garageVehicleId: fx.garageOfA }) satisfies In['garage']['shares']['list'] },
  'garage.shares.add': {
    rule: 'garageOwn',
    input: async (fx) => ({ garageVehicleId: fx.garageOfA, email: await freshInviteeEmail(fx), role: 'viewer' }) satisfies In['garage']['shares']['add'],
  },
  'garage.shares.update': { rule: 'garageOwn', input: (fx) => ({ garageVehicleId: fx.garageOfA, userId: fx.users.viewerA.id, role: 'viewer' }) satisfies In['garage']['shares']['update'] },
  'garage.shares.remove': { rule: 'garageOwn', input: async (fx) => ({ garageVehicleId: fx.garageOfA, userId: await freshMemberOfA(fx) }) satisfies In['garage']['shares']['remove'] },
  'garage.shares.leave': { rule: 'garageMember', input: (fx) => ({ garageVehicleId: fx.garageOfA }) satisfies In['garage']['shares']['leave'], after: restoreShares },
  'garage.due': {
    rule: 'signedIn',
    input: () => ({ timeZone: 'Europe/Berlin' }) satisfies In['garage']['due'],
    // Only ever the caller's garage: A's entries for A and A's household, none for anyone else.
    check: (answer, fx, actor) => {
      const entries = z.array(z.object({ garageVehicleId: z.string() })).parse(answer).map((item) => item.garageVehicleId);
      expect(entries.includes(fx.garageOfA)).toBe(HOUSEHOLD_A.has(actor));
    },
  },
  'garage.reminders.list': { rule: 'ownRow', input: (fx) => ({ vehicleId: fx.vehicleId }) satisfies In['garage']['reminders']['list'] },
  'garage.reminders.create': { rule: 'ownRow', input: (fx) => ({ vehicleId: fx.vehicleId, title: 'Matrix', dueMileage: 41_000 }) satisfies In['garage']['reminders']['create'] },
  'garage.reminders.update': { rule: 'ownRow', input: (fx) => ({ id: fx.reminderOfA, notes: 'Matrix' }) satisfies In['garage']['reminders']['update'] },
  'garage.reminders.remove': { rule: 'ownRow', input: async (fx) => ({ id: await freshReminderOfA(fx) }) satisfies In['garage']['reminders']['remove'] },
  'garage.reminders.done': { rule: 'ownRow', input: async (fx) => ({ id: await freshReminderOfA(fx) }) satisfies In['garage']['reminders']['done'] },
  // The feed address is the credential: whoever holds A's token reads A's feed, no session needed.
  'calendar.feed': { rule: 'public', input: async (fx) => ({ token: await freshCalendarTokenOfA(fx) }) satisfies In['calendar']['feed'] },
  'calendar.status': { rule: 'signedIn' },
  'calendar.create': { rule: 'signedIn' },
  'calendar.revoke': { rule: 'signedIn' },
  // A's history of a vehicle A brought to shop A: its staff read it, only A changes what A wrote.
  'garage.records.list': { rule: 'historyList', input: (fx) => ({ vehicleId: fx.vehicleId, limit: 100 }) satisfies In['garage']['records']['list'], watched: (fx) => fx.recordOfA, ids: pageIds },
  'garage.records.get': { rule: 'historyRow', input: (fx) => ({ id: fx.recordOfA }) satisfies In['garage']['records']['get'] },
  // A and A's editor keep records of A's truck (no shop named: only a vehicle of the caller's garage).
  'garage.records.create': { rule: 'garageEdit', input: (fx) => ({ vehicleId: fx.vehicleId, serviceType: 'Matrix', date: '2025-05-03' }) satisfies In['garage']['records']['create'] },
  'garage.records.update': { rule: 'historyWrite', input: (fx) => ({ id: fx.recordOfA, notes: 'Matrix' }) satisfies In['garage']['records']['update'] },
  'garage.records.remove': { rule: 'historyWrite', input: async (fx) => ({ id: await freshRecordOfA(fx) }) satisfies In['garage']['records']['remove'] },
  'files.get': { rule: 'historyRow', input: (fx) => ({ id: fx.fileOfA }) satisfies In['files']['get'] },
  'files.attachments': { rule: 'historyRow', input: (fx) => ({ recordId: fx.recordOfA }) satisfies In['files']['attachments'] },
  'files.myPhotos': { rule: 'signedIn', input: () => ({}) satisfies In['files']['myPhotos'] },
  'files.attach': {
    rule: 'historyWrite',
    input: async (fx, actor) => ({ recordId: await freshRecordOfA(fx), fileId: await freshFileOf(fx, actor === 'editorA' ? actor : 'ownerA') }) satisfies In['files']['attach'],
  },
  'files.detach': { rule: 'historyWrite', input: (fx) => freshAttachmentOfA(fx) satisfies Promise<In['files']['detach']> },
  'files.remove': { rule: 'fileRemove', input: async (fx) => ({ id: (await freshAttachmentOfA(fx)).fileId }) satisfies In['files']['remove'] },
  'garage.records.csv': {
    rule: 'signedIn',
    input: (fx) => ({ vehicleId: fx.vehicleId }) satisfies In['garage']['records']['csv'],
    // A's history of the vehicle for A, A's household and the shop A brought it to.
    check: (answer, _fx, actor) => expect(z.object({ csv: z.string() }).parse(answer).csv.includes(RECORD_MARK)).toBe(HOUSEHOLD_A.has(actor) || STAFF_A.has(actor)),
  },
  'garage.records.customerVehicles': {
    rule: 'shopWork',
    input: (fx) => ({ serviceCenterId: fx.shopA }) satisfies In['garage']['records']['customerVehicles'],
  },

  // Fuel and expenses: A's history, read by A's household and kept by A and the editor; shops never read them.
  'fuel.list': { rule: 'garageRead', input: (fx) => ({ vehicleId: fx.vehicleId }) satisfies In['fuel']['list'] },
  'fuel.create': { rule: 'garageEdit', input: (fx) => ({ vehicleId: fx.vehicleId, date: '2025-05-03', odometer: 39_100, quantity: 10, unit: 'gal' }) satisfies In['fuel']['create'] },
  'fuel.update': { rule: 'garageEdit', input: (fx) => ({ id: fx.fuelOfA, station: 'Matrix' }) satisfies In['fuel']['update'] },
  'fuel.remove': { rule: 'garageEdit', input: async (fx) => ({ id: await freshFuelOfA(fx) }) satisfies In['fuel']['remove'] },
  'fuel.overview': { rule: 'garageRead', input: (fx) => ({ vehicleId: fx.vehicleId, timeZone: 'Europe/Berlin' }) satisfies In['fuel']['overview'] },
  'fuel.expenses.list': { rule: 'garageRead', input: (fx) => ({ vehicleId: fx.vehicleId }) satisfies In['fuel']['expenses']['list'] },
  'fuel.expenses.create': { rule: 'garageEdit', input: (fx) => ({ vehicleId: fx.vehicleId, date: '2025-05-03', category: 'tax', amount: '10' }) satisfies In['fuel']['expenses']['create'] },
  'fuel.expenses.update': { rule: 'garageEdit', input: (fx) => ({ id: fx.expenseOfA, note: 'Matrix' }) satisfies In['fuel']['expenses']['update'] },
  'fuel.expenses.remove': { rule: 'garageEdit', input: async (fx) => ({ id: await freshExpenseOfA(fx) }) satisfies In['fuel']['expenses']['remove'] },

  // CSV import into A's garage vehicle: A and A's editor (into A's history); the viewer FORBIDDEN;
  // a vehicle of another's garage reads as missing.
  'imports.preview': { rule: 'garageEdit', input: (fx) => ({ vehicleId: fx.vehicleId, kind: 'service', preset: 'lubelogger', csv: MATRIX_CSV }) satisfies In['imports']['preview'] },
  'imports.run': { rule: 'garageEdit', input: (fx) => ({ vehicleId: fx.vehicleId, kind: 'service', preset: 'lubelogger', csv: MATRIX_CSV }) satisfies In['imports']['run'] },
  'auth.deleteAccount': { rule: 'passwordCheck', input: () => ({ password: 'not the password' }) satisfies In['auth']['deleteAccount'] },

  'analytics.overview': { rule: 'shopRead', input: (fx) => ({ serviceCenterId: fx.shopA, ...RANGE }) satisfies In['analytics']['overview'] },
  'analytics.services': { rule: 'shopRead', input: (fx) => ({ serviceCenterId: fx.shopA, ...RANGE }) satisfies In['analytics']['services'] },
  'analytics.performance': { rule: 'shopRead', input: (fx) => ({ serviceCenterId: fx.shopA, ...RANGE }) satisfies In['analytics']['performance'] },
  'analytics.repairOrders': { rule: 'shopRead', input: (fx) => ({ serviceCenterId: fx.shopA, ...RANGE }) satisfies In['analytics']['repairOrders'] },
  'analytics.report': { rule: 'shopRead', input: (fx) => ({ serviceCenterId: fx.shopA, ...RANGE }) satisfies In['analytics']['report'] },
  'analytics.reportCsv': { rule: 'shopRead', input: (fx) => ({ serviceCenterId: fx.shopA, ...RANGE }) satisfies In['analytics']['reportCsv'] },

  // Inspections of A's truck (docs/inspections.md#who-sees-what): shop A's are read by its staff and,
  // once shared, by A; changed by its staff while a draft; decided by A alone. A's self-check is A's.
  'inspections.list': {
    rule: 'inspectionShopList',
    input: (fx) => ({ serviceCenterId: fx.shopA, limit: 50 }) satisfies In['inspections']['list'],
    watched: (fx) => fx.inspectionOfA,
    ids: listIds,
  },
  'inspections.get': {
    rule: 'inspectionRead',
    input: (fx) => ({ id: fx.inspectionOfA }) satisfies In['inspections']['get'],
    // Only the customer may decide; only staff may share it again.
    check: (answer, _fx, actor) => expect(z.object({ canDecide: z.boolean(), canShare: z.boolean() }).parse(answer)).toEqual({ canDecide: actor === 'ownerA', canShare: STAFF_A.has(actor) }),
  },
  // A self-check of A's truck: A and A's editor start one (it is A's); the viewer FORBIDDEN.
  'inspections.create': { rule: 'garageEdit', input: (fx) => ({ vehicleId: fx.vehicleId }) satisfies In['inspections']['create'] },
  'inspections.update': { rule: 'inspectionWork', input: (fx) => ({ id: fx.shopDraftOfA, notes: 'Matrix' }) satisfies In['inspections']['update'] },
  'inspections.complete': {
    rule: 'inspectionWork',
    input: async (fx) => ({ id: (await freshShopDraftOfA(fx, { marked: true })).id, signature: 'Matrix Signer' }) satisfies In['inspections']['complete'],
    after: dropFreshInspections,
  },
  'inspections.share': { rule: 'inspectionWork', input: async (fx) => ({ id: (await freshCompletedShopInspectionOfA(fx)).id }) satisfies In['inspections']['share'], after: dropFreshInspections },
  // A and A's household see the shared inspection, yet turning its link off is the shop's (FORBIDDEN).
  'inspections.revokeLink': { rule: 'inspectionLink', input: async (fx) => ({ id: (await freshSharedShopInspectionOfA(fx)).id }) satisfies In['inspections']['revokeLink'], after: dropFreshInspections },
  // Declining may be repeated (an approval is final), so every allowed cell finds the item open.
  'inspections.decide': { rule: 'inspectionDecide', input: (fx) => ({ id: fx.inspectionOfA, itemId: fx.recommendationOfA, decision: 'declined' }) satisfies In['inspections']['decide'] },
  'inspections.attachPhoto': {
    rule: 'inspectionWork',
    input: async (fx, actor) => ({ ...(await freshShopDraftOfA(fx)), fileId: await freshPictureOf(fx, actor) }) satisfies In['inspections']['attachPhoto'],
    after: dropFreshInspections,
  },
  'inspections.detachPhoto': { rule: 'inspectionWork', input: (fx) => freshDraftPhotoOfA(fx) satisfies Promise<In['inspections']['detachPhoto']>, after: dropFreshInspections },
  'inspections.conditions': {
    rule: 'signedIn',
    input: (fx) => ({ vehicleId: fx.vehicleId }) satisfies In['inspections']['conditions'],
    // The diagram of the caller's garage vehicle: A's truck is coloured for A and A's household, for nobody else.
    check: (answer, _fx, actor) => expect(z.array(z.object({ componentId: z.string() })).parse(answer).length > 0).toBe(HOUSEHOLD_A.has(actor)),
  },
  'inspections.targets': {
    rule: 'shopWork',
    input: (fx) => ({ vehicleId: fx.vehicleId, serviceCenterId: fx.shopA }) satisfies In['inspections']['targets'],
    check: (answer, fx) => expect(z.array(z.object({ customerVehicleId: z.string() })).parse(answer).map((t) => t.customerVehicleId)).toContain(fx.customerVehicleOfA),
  },
  // The link's token is the permission: anyone holding it, signed in as anyone or not.
  'inspections.shared': {
    rule: 'public',
    input: (fx) => ({ token: fx.inspectionTokenOfA }) satisfies In['inspections']['shared'],
    check: (answer, fx) => {
      expect(answer).toMatchObject({ id: fx.inspectionOfA, status: 'shared' });
      expect(answer).not.toHaveProperty('canEdit');
    },
  },
  'files.photos': {
    rule: 'inspectionList',
    input: (fx) => ({ inspectionId: fx.inspectionOfA }) satisfies In['files']['photos'],
    watched: (fx) => fx.inspectionPhotoOfA,
    ids: pageIds,
  },
  'files.analysis': { rule: 'inspectionRead', input: (fx) => ({ id: fx.inspectionPhotoOfA }) satisfies In['files']['analysis'] },

  // Diagnostic sessions of A's truck (docs/diagnostics.md#who-sees-what): shop A's scan is read by its
  // staff, the customer A and A's household, and changed by its staff only; A's own scan is A's history.
  'diagnostics.list': {
    rule: 'sessionList',
    input: (fx, actor) => ({ ...sessionTarget(fx, actor, { customerVehicle: false }), limit: 50 }) satisfies In['diagnostics']['list'],
    watched: (fx) => fx.shopSessionOfA,
    ids: listIds,
  },
  'diagnostics.get': {
    rule: 'sessionRead',
    input: (fx) => ({ id: fx.shopSessionOfA }) satisfies In['diagnostics']['get'],
    // Only the shop's staff may change it.
    check: (answer, fx, actor) => expect(z.object({ id: z.string(), canEdit: z.boolean() }).parse(answer)).toEqual({ id: fx.shopSessionOfA, canEdit: STAFF_A.has(actor) }),
  },
  // The CSV of A's own scan: read as A's history is, by A's household; shops (it is not theirs) and admins NOT_FOUND.
  'diagnostics.csv': {
    rule: 'garageRead',
    input: (fx) => ({ id: fx.ownSessionOfA }) satisfies In['diagnostics']['csv'],
    check: (answer) => expect(z.object({ csv: z.string() }).parse(answer).csv).toContain(`code,${SESSION_MARK},Stored,`),
  },
  'diagnostics.create': {
    rule: 'sessionCreate',
    input: (fx, actor) => ({ ...sessionTarget(fx, actor, { customerVehicle: true }), ...matrixScan() }) satisfies In['diagnostics']['create'],
    after: dropFreshSessions,
  },
  // Notes only: repeatable (clearing twice answers CONFLICT, tests/api/contract.test.ts).
  'diagnostics.update': { rule: 'sessionWork', input: (fx) => ({ id: fx.shopSessionOfA, notes: 'Matrix' }) satisfies In['diagnostics']['update'] },
  'diagnostics.targets': {
    rule: 'shopWork',
    input: (fx) => ({ vehicleId: fx.vehicleId, serviceCenterId: fx.shopA }) satisfies In['diagnostics']['targets'],
    check: (answer, fx) => expect(z.array(z.object({ customerVehicleId: z.string() })).parse(answer).map((t) => t.customerVehicleId)).toContain(fx.customerVehicleOfA),
  },

  // Shop A's parts, stock and suppliers (docs/parts.md#who-may-do-what): its staff (admins too) read
  // them; any staff role adds parts and moves stock; managers and owners keep suppliers and backorders.
  // Shop A's repair orders (docs/repair-orders.md#who-may-do-what): its staff work them (admins
  // read); the customer A reads a sent order and alone decides on its lines.
  'repairOrders.list': { rule: 'shopRead', input: (fx) => ({ serviceCenterId: fx.shopA, limit: 100 }) satisfies In['repairOrders']['list'] },
  'repairOrders.mine': { rule: 'mineList', watched: (fx) => fx.orderOfA, ids: pageIds, input: () => ({ limit: 100 }) satisfies In['repairOrders']['mine'] },
  'repairOrders.get': { rule: 'requestRow', input: (fx) => ({ id: fx.orderOfA }) satisfies In['repairOrders']['get'] },
  'repairOrders.create': { rule: 'shopWork', input: (fx) => ({ serviceCenterId: fx.shopA, customerVehicleId: fx.customerVehicleOfA }) satisfies In['repairOrders']['create'] },
  'repairOrders.update': { rule: 'shopWork', input: (fx) => ({ id: fx.orderOfA, notes: 'Matrix' }) satisfies In['repairOrders']['update'] },
  'repairOrders.addLine': {
    rule: 'shopWork',
    input: async (fx) => ({ orderId: (await freshOrderOfA(fx, 'estimate')).orderId, line: { kind: 'fee', description: 'Matrix fee', amountCents: 100 } }) satisfies In['repairOrders']['addLine'],
  },
  'repairOrders.updateLine': {
    rule: 'shopWork',
    input: async (fx) => {
      const { orderId, lineId } = await freshOrderOfA(fx, 'estimate');
      return { orderId, lineId, line: { kind: 'fee', description: 'Matrix fee', amountCents: 200 } } satisfies In['repairOrders']['updateLine'];
    },
  },
  'repairOrders.removeLine': { rule: 'shopWork', input: async (fx) => (await freshOrderOfA(fx, 'estimate')) satisfies In['repairOrders']['removeLine'] },
  'repairOrders.transition': { rule: 'shopWork', input: async (fx) => ({ id: (await freshOrderOfA(fx, 'estimate')).orderId, to: 'sent' }) satisfies In['repairOrders']['transition'] },
  'repairOrders.decide': {
    rule: 'customerRow',
    input: async (fx) => {
      const { orderId, lineId } = await freshOrderOfA(fx, 'sent');
      return { orderId, decisions: [{ lineId, decision: 'approved' }] } satisfies In['repairOrders']['decide'];
    },
  },
  'repairOrders.clockIn': { rule: 'shopWork', input: async (fx) => (await freshOrderOfA(fx, 'in_progress')) satisfies In['repairOrders']['clockIn'], after: stopClocks },
  'repairOrders.clockOut': {
    rule: 'shopWork',
    input: async (fx, actor) => {
      const target = await freshOrderOfA(fx, 'in_progress');
      if (STAFF_A.has(actor)) await callerFor(fx.db, fx.users[actor as SignedIn]).repairOrders.clockIn(target);
      return target satisfies In['repairOrders']['clockOut'];
    },
    after: stopClocks,
  },
  'repairOrders.addPayment': {
    rule: 'shopWork',
    input: async (fx) => ({ orderId: (await freshOrderOfA(fx, 'invoiced')).orderId, amountCents: 100, method: 'cash' }) satisfies In['repairOrders']['addPayment'],
  },
  'repairOrders.rates': { rule: 'shopRead', input: (fx) => ({ serviceCenterId: fx.shopA }) satisfies In['repairOrders']['rates'] },
  'repairOrders.setRates': { rule: 'shopManage', input: (fx) => ({ serviceCenterId: fx.shopA, taxRateBp: 0, laborRateCents: 0 }) satisfies In['repairOrders']['setRates'] },
  // Shop A's purchase orders (docs/parts.md#purchase-orders): its staff, any role, work them; admins read.
  'purchaseOrders.list': { rule: 'shopRead', input: (fx) => ({ serviceCenterId: fx.shopA, status: 'received', limit: 100 }) satisfies In['purchaseOrders']['list'], check: (answer, fx) => expect(pageIds(answer)).toContain(fx.purchaseOrderOfA) },
  'purchaseOrders.get': { rule: 'shopRead', input: (fx) => ({ id: fx.purchaseOrderOfA }) satisfies In['purchaseOrders']['get'] },
  'purchaseOrders.create': { rule: 'shopWork', input: (fx) => ({ serviceCenterId: fx.shopA, supplierId: fx.supplierOfA, lines: [{ partId: fx.partOfA, quantity: 1 }] }) satisfies In['purchaseOrders']['create'] },
  'purchaseOrders.addLine': {
    rule: 'shopWork',
    input: async (fx) => ({ orderId: (await freshPurchaseOrderOfA(fx, 'empty')).orderId, line: { partId: fx.partOfA, quantity: 2, unitCostCents: 100 } }) satisfies In['purchaseOrders']['addLine'],
  },
  'purchaseOrders.updateLine': {
    rule: 'shopWork',
    input: async (fx) => ({ ...(await freshPurchaseOrderOfA(fx, 'draft')), line: { partId: fx.partOfA, quantity: 3 } }) satisfies In['purchaseOrders']['updateLine'],
  },
  'purchaseOrders.removeLine': { rule: 'shopWork', input: async (fx) => (await freshPurchaseOrderOfA(fx, 'draft')) satisfies In['purchaseOrders']['removeLine'] },
  'purchaseOrders.transition': { rule: 'shopWork', input: async (fx) => ({ id: (await freshPurchaseOrderOfA(fx, 'draft')).orderId, to: 'ordered' }) satisfies In['purchaseOrders']['transition'] },
  'purchaseOrders.receive': {
    rule: 'shopWork',
    input: async (fx) => {
      const { orderId, lineId } = await freshPurchaseOrderOfA(fx, 'ordered');
      return { id: orderId, lines: [{ lineId, quantity: 1 }] } satisfies In['purchaseOrders']['receive'];
    },
  },
  'parts.list': {
    rule: 'shopRead',
    input: (fx) => ({ serviceCenterId: fx.shopA, make: 'ford', limit: 100 }) satisfies In['parts']['list'],
    check: (answer, fx) => expect(pageIds(answer)).toContain(fx.partOfA),
  },
  'parts.get': { rule: 'shopRead', input: (fx) => ({ id: fx.partOfA }) satisfies In['parts']['get'] },
  'parts.create': { rule: 'shopWork', input: (fx) => ({ serviceCenterId: fx.shopA, partNumber: freshName('MX'), name: 'Matrix part' }) satisfies In['parts']['create'] },
  'parts.update': { rule: 'shopWork', input: (fx) => ({ id: fx.partOfA, notes: 'Matrix' }) satisfies In['parts']['update'] },
  // A catalogue from CSV, as any staff role may add parts: the preview writes nothing.
  'parts.importPreview': {
    rule: 'shopWork',
    input: (fx) => ({ serviceCenterId: fx.shopA, csv: matrixPartsCsv() }) satisfies In['parts']['importPreview'],
    check: (answer) => expect(answer).toMatchObject({ counts: { new: 1, updates: 0, errors: 0 } }),
  },
  'parts.importCommit': {
    rule: 'shopWork',
    input: (fx) => ({ serviceCenterId: fx.shopA, csv: matrixPartsCsv() }) satisfies In['parts']['importCommit'],
    check: (answer) => expect(answer).toMatchObject({ counts: { new: 1, errors: 0 }, errors: [] }),
  },
  'parts.inventory': {
    rule: 'shopRead',
    input: (fx) => ({ serviceCenterId: fx.shopA, limit: 100 }) satisfies In['parts']['inventory'],
    check: (answer, fx) => expect(pageIds(answer)).toContain(fx.partOfA),
  },
  // Receiving may be repeated: every allowed cell adds one unit.
  'parts.move': { rule: 'shopWork', input: (fx) => ({ partId: fx.partOfA, kind: 'received', quantity: 1 }) satisfies In['parts']['move'] },
  'parts.movements': { rule: 'shopRead', input: (fx) => ({ partId: fx.partOfA }) satisfies In['parts']['movements'] },
  // The vehicle page's Parts List: shop A's parts that fit A's truck (a Ford) for its staff; the
  // parts shops fitted to the truck on finished repair orders for A's household.
  'parts.forVehicle': {
    rule: 'shopRead',
    input: (fx) => ({ serviceCenterId: fx.shopA, vehicleId: fx.vehicleId }) satisfies In['parts']['forVehicle'],
    check: (answer, fx) => expect(pageIds(answer)).toContain(fx.partOfA),
  },
  'parts.usedOnVehicle': {
    rule: 'garageRead',
    input: (fx) => ({ vehicleId: fx.vehicleId }) satisfies In['parts']['usedOnVehicle'],
    check: (answer) => expect(answer).toMatchObject({ items: expect.any(Array), more: false }),
  },
  'parts.setBackorders': { rule: 'shopManage', input: (fx) => ({ serviceCenterId: fx.shopA, allowBackorders: false }) satisfies In['parts']['setBackorders'] },
  'parts.suppliers.list': {
    rule: 'shopRead',
    input: (fx) => ({ serviceCenterId: fx.shopA }) satisfies In['parts']['suppliers']['list'],
    check: (answer, fx) => expect(listIds(answer)).toContain(fx.supplierOfA),
  },
  'parts.suppliers.create': { rule: 'shopManage', input: (fx) => ({ serviceCenterId: fx.shopA, name: freshName('Matrix supplier') }) satisfies In['parts']['suppliers']['create'] },
  'parts.suppliers.update': { rule: 'shopManage', input: (fx) => ({ id: fx.supplierOfA, notes: 'Matrix' }) satisfies In['parts']['suppliers']['update'] },
};

interface ProcedureDef {
  _def: { type: string };
}

/** Every procedure of appRouter by dotted path, read from the router itself. */
function registeredProcedures(): string[] {
  return Object.keys((appRouter._def as unknown as { procedures: Record<string, ProcedureDef> }).procedures).sort();
}

type CallerFn = (input?: unknown) => Promise<unknown>;

/** The procedure at a dotted path of a real caller: the row's key decides what is called. */
function procedureAt(caller: ReturnType<typeof callerFor>, path: string): CallerFn {
  let node: unknown = caller;
  for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'function') throw new Error(`no procedure at ${path}`);
  return node as CallerFn;
}

// ---- The REST table ------------------------------------------------------------------------

/** A JSON body, or (`upload`) one file sent as multipart/form-data in a part named `file`. */
interface RestRequest {
  url: string;
  body?: unknown;
  upload?: { content: Buffer; name: string; type: string };
}

interface RestRow {
  /**
   * Only for paths with no procedure behind them; otherwise the rule is the procedure's (as the
   * API reference names it), so a path cannot drift from the procedure it calls.
   */
  rule?: Rule;
  request: (fx: Fixtures, actor: Actor) => RestRequest | Promise<RestRequest>;
  /** The call ends or replaces the caller's session: sign in again afterwards. */
  renewsSession?: boolean;
  /** List rules of paths without a procedure: the row whose listing the rule is about. */
  watched?: (fx: Fixtures) => string;
  /** Undoes what an allowed call changed that later cells rely on. */
  after?: (fx: Fixtures) => Promise<void>;
}

/** A LubeLogger service-record file of one row. */
const MATRIX_CSV = 'Date,Odometer,Description,Notes,Cost\r\n5/5/2025,39000,Matrix import,,\r\n';

const range = `from=${RANGE.from}&to=${RANGE.to}&timeZone=${RANGE.timeZone}`;

const REST: Record<string, RestRow> = {
  'GET /api/auth/user': { rule: 'signedIn', request: () => ({ url: '/api/auth/user' }) },
  'GET /api/login': { rule: 'public', request: () => ({ url: '/api/login' }) },
  'POST /api/login': {
    rule: 'public',
    request: (fx, actor) => ({ url: '/api/login', body: { email: fx.users[actor === 'anonymous' ? 'spare' : actor].email, password: TEST_PASSWORD } }),
    renewsSession: true,
  },
  'POST /api/signup': { rule: 'public', request: () => ({ url: '/api/signup', body: { email: uniqueEmail('matrix'), password: TEST_PASSWORD } }), renewsSession: true },
  'GET /api/logout': { rule: 'public', request: () => ({ url: '/api/logout' }), renewsSession: true },
  'POST /api/logout': { rule: 'public', request: () => ({ url: '/api/logout' }), renewsSession: true },
  'GET /api/tokens': { request: () => ({ url: '/api/tokens' }) },
  'POST /api/tokens': { request: () => ({ url: '/api/tokens', body: { name: 'matrix' } }) },
  'DELETE /api/tokens/:id': { request: async (fx) => ({ url: `/api/tokens/${await freshTokenOfA(fx)}` }) },
  // After the token rows: a password change revokes the user's tokens.
  'PATCH /api/auth/user': { request: () => ({ url: '/api/auth/user', body: { lastName: 'REST' } }) },
  'POST /api/auth/password': { request: () => ({ url: '/api/auth/password', body: { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD } }) },

  'POST /api/vehicles/decode-vin': { request: () => ({ url: '/api/vehicles/decode-vin', body: { vin: VIN } }) },
  'GET /api/vehicles/search': { request: () => ({ url: '/api/vehicles/search?year=2020&make=Ford&model=F-150' }) },
  'GET /api/vehicles/:id': { request: (fx) => ({ url: `/api/vehicles/${fx.vehicleId}` }) },
  'GET /api/vehicles/:id/components': { request: (fx) => ({ url: `/api/vehicles/${fx.vehicleId}/components` }) },
  'GET /api/vehicles/:id/videos': { request: (fx) => ({ url: `/api/vehicles/${fx.vehicleId}/videos` }) },

  'GET /api/dtc': { request: () => ({ url: '/api/dtc?q=misfire' }) },
  'GET /api/dtc/:code': { request: () => ({ url: '/api/dtc/P0420' }) },
  'GET /api/knowledge/search': { request: () => ({ url: '/api/knowledge/search?tags=matrix' }) },
  'GET /api/knowledge/tips': { request: (fx, actor) => ({ url: `/api/knowledge/tips?pageContext=help&role=${ownRole(fx, actor)}` }) },
  'GET /api/knowledge/:id': { request: (fx) => ({ url: `/api/knowledge/${fx.knowledgeItemId}` }) },
  'POST /api/knowledge': { request: () => ({ url: '/api/knowledge', body: { title: 'REST matrix note', body: 'Written over REST.' } }) },
  'PATCH /api/knowledge/:id': { request: (fx) => ({ url: `/api/knowledge/${fx.knowledgeItemId}`, body: { priority: 'low' } }) },

  'GET /api/service-centers': { request: () => ({ url: '/api/service-centers' }) },
  'GET /api/service-centers/:id': { request: (fx) => ({ url: `/api/service-centers/${fx.inactiveCenterId}` }) },
  'POST /api/service-centers': { after: restoreStaff, request: () => ({ url: '/api/service-centers', body: { name: 'REST Garage', address: '5 Main St', city: 'Springfield', state: 'IL' } }) },
  'PATCH /api/service-centers/:id': { request: (fx) => ({ url: `/api/service-centers/${fx.shopA}`, body: { city: 'Springfield' } }) },
  'DELETE /api/service-centers/:id': { request: async (fx) => ({ url: `/api/service-centers/${await freshCenterOfShopA(fx)}` }) },

  'POST /api/shops': { request: () => ({ url: '/api/shops', body: { name: 'REST Registered', address: '7 Main St', city: 'Springfield', state: 'IL' } }), after: restoreStaff },
  'POST /api/shops/:centerId/leave': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/leave` }), after: restoreStaff },
  'GET /api/shops/:centerId/staff': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/staff` }) },
  'POST /api/shops/:centerId/staff': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/staff`, body: { role: 'technician' } }) },
  'PATCH /api/shops/:centerId/staff/:userId': {
    request: async (fx) => ({ url: `/api/shops/${fx.shopA}/staff/${(await freshTechnicianOfShopA(fx)).id}`, body: { role: 'technician' } }),
  },
  'DELETE /api/shops/:centerId/staff/:userId': { request: async (fx) => ({ url: `/api/shops/${fx.shopA}/staff/${(await freshTechnicianOfShopA(fx)).id}` }) },
  'GET /api/shops/:centerId/invites': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/invites` }) },
  'DELETE /api/shops/:centerId/invites/:inviteId': { request: async (fx) => ({ url: `/api/shops/${fx.shopA}/invites/${(await freshInviteOfShopA(fx)).id}` }) },
  'GET /api/invites/:code': { request: async (fx) => ({ url: `/api/invites/${(await freshInviteOfShopA(fx)).code}` }) },
  'POST /api/invites/:code/accept': { request: async (fx) => ({ url: `/api/invites/${(await freshInviteOfShopA(fx)).code}/accept` }), after: restoreStaff },
  'DELETE /api/knowledge/:id': { request: async (fx) => ({ url: `/api/knowledge/${await freshItemOfTechnician(fx)}` }) },

  'GET /api/shops/:centerId/customers': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/customers?limit=100` }) },
  'POST /api/shops/:centerId/customers': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/customers`, body: { name: 'REST walk-in' } }) },
  'GET /api/customers/:id': { request: (fx) => ({ url: `/api/customers/${fx.customerOfA}` }) },
  'PATCH /api/customers/:id': { request: (fx) => ({ url: `/api/customers/${fx.customerOfA}`, body: { phone: '555-0100' } }) },
  'GET /api/shops/:centerId/audit': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/audit` }) },

  'GET /api/customer-inquiries': { request: () => ({ url: '/api/customer-inquiries' }) },
  'GET /api/customer-inquiries/:id': { request: (fx) => ({ url: `/api/customer-inquiries/${fx.inquiryOfA}` }) },
  'POST /api/customer-inquiries': { request: (fx) => ({ url: '/api/customer-inquiries', body: { serviceCenterId: fx.shopA, inquiryType: 'general', subject: 'REST', description: 'Matrix' } }) },
  'PATCH /api/customer-inquiries/:id': { request: (fx) => ({ url: `/api/customer-inquiries/${fx.inquiryOfA}`, body: { status: 'resolved' } }) },

  'GET /api/customer-inquiries/:id/messages': { request: (fx) => ({ url: `/api/customer-inquiries/${fx.inquiryOfA}/messages` }) },
  'POST /api/customer-inquiries/:id/messages': { request: (fx) => ({ url: `/api/customer-inquiries/${fx.inquiryOfA}/messages`, body: { body: 'REST message' } }) },
  'POST /api/customer-inquiries/:id/cancel': { request: async (fx) => ({ url: `/api/customer-inquiries/${await freshInquiryOfA(fx)}/cancel` }) },

  'GET /api/service-appointments': { request: () => ({ url: '/api/service-appointments' }) },
  'GET /api/service-appointments/:id': { request: (fx) => ({ url: `/api/service-appointments/${fx.appointmentOfA}` }) },
  'POST /api/service-appointments': { request: (fx) => ({ url: '/api/service-appointments', body: { serviceCenterId: fx.shopA, appointmentDate: '2030-02-03T08:00:00Z', duration: 45, serviceType: 'REST' } }) },
  'PATCH /api/service-appointments/:id': { request: (fx) => ({ url: `/api/service-appointments/${fx.appointmentOfA}`, body: { status: 'in_progress' } }) },

  'POST /api/service-appointments/:id/cancel': { request: async (fx) => ({ url: `/api/service-appointments/${await freshAppointmentOfA(fx)}/cancel` }) },

  'GET /api/notifications': { request: () => ({ url: '/api/notifications' }) },
  'GET /api/notifications/unread-count': { request: () => ({ url: '/api/notifications/unread-count' }) },
  'POST /api/notifications/read': { request: () => ({ url: '/api/notifications/read', body: { all: true } }) },

  'GET /api/avatars': { request: () => ({ url: '/api/avatars' }) },
  'GET /api/avatars/active': { request: () => ({ url: '/api/avatars/active' }) },
  'POST /api/avatars': { request: () => ({ url: '/api/avatars', body: { displayName: 'REST guide', style: STYLE } }) },
  'PATCH /api/avatars/:id': { rule: 'ownRow', request: (fx) => ({ url: `/api/avatars/${fx.avatarOfA}`, body: { personality: 'expert' } }) },
  'DELETE /api/avatars/:id': { request: async (fx) => ({ url: `/api/avatars/${await freshInactiveAvatarOfA(fx)}` }) },
  'PUT /api/avatars/active/:id': { request: (fx) => ({ url: `/api/avatars/active/${fx.avatarOfA}` }) },

  'GET /api/garage': { request: () => ({ url: '/api/garage' }) },
  'POST /api/garage': {
    request: async (fx, actor) => {
      await freeSpareSlot(fx, actor);
      return { url: '/api/garage', body: { vehicleId: fx.spareVehicleId, nickname: 'REST car', odometer: 2000 } };
    },
  },
  'GET /api/garage/due': { request: () => ({ url: '/api/garage/due?timeZone=America/Chicago' }) },
  'PATCH /api/garage/:id': { request: (fx) => ({ url: `/api/garage/${fx.garageOfA}`, body: { odometer: 40_000 } }) },
  'DELETE /api/garage/:id': { request: async (fx) => ({ url: `/api/garage/${await freshSharedGarageEntryOfA(fx)}` }) },
  'GET /api/garage/:id/shares': { request: (fx) => ({ url: `/api/garage/${fx.garageOfA}/shares` }) },
  'POST /api/garage/:id/shares': { request: async (fx) => ({ url: `/api/garage/${fx.garageOfA}/shares`, body: { email: await freshInviteeEmail(fx), role: 'editor' } }) },
  'PATCH /api/garage/:id/shares/:userId': { request: (fx) => ({ url: `/api/garage/${fx.garageOfA}/shares/${fx.users.editorA.id}`, body: { role: 'editor' } }) },
  'DELETE /api/garage/:id/shares/:userId': { request: async (fx) => ({ url: `/api/garage/${fx.garageOfA}/shares/${await freshMemberOfA(fx)}` }) },
  'POST /api/garage/:id/leave': { request: (fx) => ({ url: `/api/garage/${fx.garageOfA}/leave` }), after: restoreShares },
  'GET /api/vehicles/:vehicleId/service-records': { request: (fx) => ({ url: `/api/vehicles/${fx.vehicleId}/service-records?limit=100` }) },
  'POST /api/vehicles/:vehicleId/service-records': {
    request: (fx) => ({ url: `/api/vehicles/${fx.vehicleId}/service-records`, body: { serviceType: 'REST', date: '2025-05-04' } }),
  },
  'GET /api/vehicles/:vehicleId/service-records.csv': { request: (fx) => ({ url: `/api/vehicles/${fx.vehicleId}/service-records.csv` }) },
  'PATCH /api/service-records/:id': { request: (fx) => ({ url: `/api/service-records/${fx.recordOfA}`, body: { cost: '10.00' } }) },
  'DELETE /api/service-records/:id': { request: async (fx) => ({ url: `/api/service-records/${await freshRecordOfA(fx)}` }) },

  'GET /api/vehicles/:vehicleId/fuel': { request: (fx) => ({ url: `/api/vehicles/${fx.vehicleId}/fuel?limit=100` }) },
  'POST /api/vehicles/:vehicleId/fuel': { request: (fx) => ({ url: `/api/vehicles/${fx.vehicleId}/fuel`, body: { date: '2025-05-04', odometer: 39_200, quantity: 8, unit: 'L' } }) },
  'PATCH /api/fuel/:id': { request: (fx) => ({ url: `/api/fuel/${fx.fuelOfA}`, body: { station: 'REST' } }) },
  'DELETE /api/fuel/:id': { request: async (fx) => ({ url: `/api/fuel/${await freshFuelOfA(fx)}` }) },
  'GET /api/vehicles/:vehicleId/expenses': { request: (fx) => ({ url: `/api/vehicles/${fx.vehicleId}/expenses?limit=100` }) },
  'POST /api/vehicles/:vehicleId/expenses': { request: (fx) => ({ url: `/api/vehicles/${fx.vehicleId}/expenses`, body: { date: '2025-05-04', category: 'other', amount: 3 } }) },
  'PATCH /api/expenses/:id': { request: (fx) => ({ url: `/api/expenses/${fx.expenseOfA}`, body: { amount: '101' } }) },
  'DELETE /api/expenses/:id': { request: async (fx) => ({ url: `/api/expenses/${await freshExpenseOfA(fx)}` }) },
  'GET /api/vehicles/:vehicleId/costs': { request: (fx) => ({ url: `/api/vehicles/${fx.vehicleId}/costs?timeZone=America/Chicago` }) },

  'GET /api/vehicles/:vehicleId/reminders': { request: (fx) => ({ url: `/api/vehicles/${fx.vehicleId}/reminders?timeZone=America/Chicago` }) },
  'POST /api/vehicles/:vehicleId/reminders': { request: (fx) => ({ url: `/api/vehicles/${fx.vehicleId}/reminders`, body: { title: 'REST reminder', dueDate: '2031-01-01' } }) },
  'PATCH /api/reminders/:id': { request: (fx) => ({ url: `/api/reminders/${fx.reminderOfA}`, body: { title: 'REST' } }) },
  'DELETE /api/reminders/:id': { request: async (fx) => ({ url: `/api/reminders/${await freshReminderOfA(fx)}` }) },
  'POST /api/reminders/:id/done': { request: async (fx) => ({ url: `/api/reminders/${await freshReminderOfA(fx)}/done`, body: {} }) },
  'GET /api/calendar': { request: () => ({ url: '/api/calendar' }) },
  'POST /api/calendar': { request: () => ({ url: '/api/calendar' }) },
  'DELETE /api/calendar': { request: () => ({ url: '/api/calendar' }) },
  'GET /api/calendar/:token.ics': { request: async (fx) => ({ url: `/api/calendar/${await freshCalendarTokenOfA(fx)}.ics` }) },

  'GET /api/analytics/repair-orders': { request: (fx) => ({ url: `/api/analytics/repair-orders?${range}&serviceCenterId=${fx.shopA}` }) },
  'GET /api/analytics/report': { request: (fx) => ({ url: `/api/analytics/report?${range}&serviceCenterId=${fx.shopA}` }) },
  'GET /api/analytics/report.csv': { request: (fx) => ({ url: `/api/analytics/report.csv?${range}&serviceCenterId=${fx.shopA}` }) },

  'POST /api/files': { rule: 'signedIn', request: () => ({ url: '/api/files', upload: { content: TINY_PDF, name: 'matrix.pdf', type: 'application/pdf' } }) },
  'GET /api/files/:id': { rule: 'historyRow', request: (fx) => ({ url: `/api/files/${fx.fileOfA}` }) },
  'GET /api/files/:id/thumbnail': { rule: 'historyRow', request: async (fx) => ({ url: `/api/files/${await freshPhotoOfA(fx)}/thumbnail` }) },
  'DELETE /api/files/:id': { request: async (fx) => ({ url: `/api/files/${(await freshAttachmentOfA(fx)).fileId}` }) },
  'GET /api/records/:id/attachments': { request: (fx) => ({ url: `/api/records/${fx.recordOfA}/attachments` }) },
  'POST /api/records/:id/attachments': {
    rule: 'historyWrite',
    request: async (fx, actor) => ({ url: `/api/records/${await freshRecordOfA(fx)}/attachments`, body: { fileId: await freshFileOf(fx, actor === 'editorA' ? actor : 'ownerA') } }),
  },
  'DELETE /api/records/:id/attachments/:fileId': { request: async (fx) => {
    const { recordId, fileId } = await freshAttachmentOfA(fx);
    return { url: `/api/records/${recordId}/attachments/${fileId}` };
  } },

  // The signed token is the permission: anyone holding the link, signed in as anyone or not.
  'GET /api/email/unsubscribe': { rule: 'public', request: async (fx) => ({ url: `/api/email/unsubscribe?token=${await unsubscribeToken(fx.db, fx.users.spare.id)}` }) },
  'POST /api/email/unsubscribe': {
    rule: 'public',
    request: async (fx) => ({ url: `/api/email/unsubscribe?token=${await unsubscribeToken(fx.db, (await createUser(fx.db)).id)}` }),
  },
  'POST /api/imports/preview': { request: (fx) => ({ url: '/api/imports/preview', body: { vehicleId: fx.vehicleId, kind: 'service', preset: 'lubelogger', csv: MATRIX_CSV } }) },
  'POST /api/imports': { request: (fx) => ({ url: '/api/imports', body: { vehicleId: fx.vehicleId, kind: 'service', preset: 'lubelogger', csv: MATRIX_CSV } }) },
  'GET /api/account/export': { rule: 'signedIn', request: () => ({ url: '/api/account/export' }) },
  'DELETE /api/auth/user': { request: () => ({ url: '/api/auth/user', body: { password: 'not the password' } }) },

  // Inspections: the rules of the procedures behind them (inspections.*, files.photos, files.analysis).
  'GET /api/vehicles/:vehicleId/inspections': { request: (fx) => ({ url: `/api/vehicles/${fx.vehicleId}/inspections?serviceCenterId=${fx.shopA}&limit=50` }) },
  'POST /api/vehicles/:vehicleId/inspections': { request: (fx) => ({ url: `/api/vehicles/${fx.vehicleId}/inspections`, body: {} }) },
  'GET /api/inspections/:id': { request: (fx) => ({ url: `/api/inspections/${fx.inspectionOfA}` }) },
  'PATCH /api/inspections/:id': { request: (fx) => ({ url: `/api/inspections/${fx.shopDraftOfA}`, body: { notes: 'REST matrix' } }) },
  'POST /api/inspections/:id/complete': {
    request: async (fx) => ({ url: `/api/inspections/${(await freshShopDraftOfA(fx, { marked: true })).id}/complete`, body: { signature: 'REST Signer' } }),
    after: dropFreshInspections,
  },
  'POST /api/inspections/:id/share': { request: async (fx) => ({ url: `/api/inspections/${(await freshCompletedShopInspectionOfA(fx)).id}/share` }), after: dropFreshInspections },
  'DELETE /api/inspections/:id/share': { request: async (fx) => ({ url: `/api/inspections/${(await freshSharedShopInspectionOfA(fx)).id}/share` }), after: dropFreshInspections },
  'POST /api/inspections/:id/recommendations/:recId/decision': {
    rule: 'inspectionDecide',
    request: (fx) => ({ url: `/api/inspections/${fx.inspectionOfA}/recommendations/${fx.recommendationOfA}/decision`, body: { decision: 'declined' } }),
  },
  // The PDF of A's self-check: read as A's history is, by A's household (shops and admins NOT_FOUND).
  'GET /api/inspections/:id/report.pdf': { rule: 'garageRead', request: (fx) => ({ url: `/api/inspections/${fx.selfCheckOfA}/report.pdf` }) },
  'GET /api/scan-sessions': { request: () => ({ url: '/api/scan-sessions?limit=50' }) },
  'POST /api/scan-sessions': { request: () => ({ url: '/api/scan-sessions', body: { resolution: 'low' } }) },
  'GET /api/scan-sessions/:id': { request: (fx) => ({ url: `/api/scan-sessions/${fx.scanOfA}` }) },
  'POST /api/scan-sessions/:id/process': { request: async (fx) => ({ url: `/api/scan-sessions/${await scanWithPhotos(fx.db, fx.users.ownerA, 8)}/process` }) },
  'DELETE /api/scan-sessions/:id': { request: async (fx) => ({ url: `/api/scan-sessions/${await scanWithPhotos(fx.db, fx.users.ownerA, 1)}` }) },
  // The upload checks the session before reading the photo.
  'POST /api/scan-sessions/:id/images': {
    rule: 'ownRow',
    request: async (fx) => ({ url: `/api/scan-sessions/${await scanWithPhotos(fx.db, fx.users.ownerA, 0)}/images?clientKey=matrix`, upload: { content: await noisePhoto(5), name: 'side.jpg', type: 'image/jpeg' } }),
  },
  'GET /api/models/:id': { request: (fx) => ({ url: `/api/models/${fx.modelOfA}` }) },
  'GET /api/models': { request: () => ({ url: '/api/models?limit=50' }) },
  'PATCH /api/models/:id': { request: (fx) => ({ url: `/api/models/${fx.modelOfA}`, body: { name: 'Matrix' } }) },
  'GET /api/models/:id/download': { rule: 'ownRow', request: (fx) => ({ url: `/api/models/${fx.modelOfA}/download?format=stl` }) },
  // The upload checks the inspection before reading the file: refused cells store nothing.
  'POST /api/inspections/:id/items/:itemId/photos': {
    rule: 'inspectionWork',
    request: async (fx) => {
      const { id, itemId } = await freshShopDraftOfA(fx);
      return { url: `/api/inspections/${id}/items/${itemId}/photos`, upload: { content: await picture(8, 8), name: 'finding.png', type: 'image/png' } };
    },
    after: dropFreshInspections,
  },
  // The public link: its token is the permission.
  'GET /api/shared/inspections/:token': { request: (fx) => ({ url: `/api/shared/inspections/${fx.inspectionTokenOfA}` }) },
  'GET /api/shared/inspections/:token/report.pdf': { rule: 'public', request: (fx) => ({ url: `/api/shared/inspections/${fx.inspectionTokenOfA}/report.pdf` }) },
  'GET /api/shared/inspections/:token/photos/:fileId': { rule: 'public', request: (fx) => ({ url: `/api/shared/inspections/${fx.inspectionTokenOfA}/photos/${fx.inspectionPhotoOfA}` }) },
  'GET /api/shared/inspections/:token/photos/:fileId/thumbnail': {
    rule: 'public',
    request: (fx) => ({ url: `/api/shared/inspections/${fx.inspectionTokenOfA}/photos/${fx.inspectionPhotoOfA}/thumbnail` }),
  },
  'GET /api/photos': { request: (fx) => ({ url: `/api/photos?inspectionId=${fx.inspectionOfA}` }) },
  'GET /api/photos/:id/analysis': { request: (fx) => ({ url: `/api/photos/${fx.inspectionPhotoOfA}/analysis` }) },

  // Diagnostic sessions: the rules of the procedures behind them (diagnostics.*).
  'GET /api/vehicles/:vehicleId/diagnostic-sessions': {
    request: (fx, actor) => ({ url: `/api/vehicles/${fx.vehicleId}/diagnostic-sessions?limit=50${ASKS_AS_SHOP.has(actor) ? `&serviceCenterId=${fx.shopA}` : ''}` }),
  },
  'POST /api/vehicles/:vehicleId/diagnostic-sessions': {
    request: (fx, actor) => {
      const { vehicleId, ...shop } = sessionTarget(fx, actor, { customerVehicle: true });
      return { url: `/api/vehicles/${vehicleId}/diagnostic-sessions`, body: { ...shop, ...matrixScan() } };
    },
    after: dropFreshSessions,
  },
  'GET /api/diagnostic-sessions/:id': { request: (fx) => ({ url: `/api/diagnostic-sessions/${fx.shopSessionOfA}` }) },
  'PATCH /api/diagnostic-sessions/:id': { request: (fx) => ({ url: `/api/diagnostic-sessions/${fx.shopSessionOfA}`, body: { notes: 'REST matrix' } }) },
  'GET /api/diagnostic-sessions/:id/report.csv': { request: (fx) => ({ url: `/api/diagnostic-sessions/${fx.ownSessionOfA}/report.csv` }) },

  // Parts, stock and suppliers: the rules of the procedures behind them (parts.*).
  'GET /api/shops/:centerId/repair-orders': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/repair-orders?limit=100` }) },
  'POST /api/shops/:centerId/repair-orders': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/repair-orders`, body: { customerVehicleId: fx.customerVehicleOfA } }) },
  'GET /api/repair-orders/:id': { request: (fx) => ({ url: `/api/repair-orders/${fx.orderOfA}` }) },
  'PATCH /api/repair-orders/:id': { request: (fx) => ({ url: `/api/repair-orders/${fx.orderOfA}`, body: { notes: 'REST matrix' } }) },
  'POST /api/repair-orders/:id/lines': { request: async (fx) => ({ url: `/api/repair-orders/${(await freshOrderOfA(fx, 'estimate')).orderId}/lines`, body: { kind: 'fee', description: 'REST fee', amountCents: 100 } }) },
  'POST /api/repair-orders/:id/transition': { request: async (fx) => ({ url: `/api/repair-orders/${(await freshOrderOfA(fx, 'estimate')).orderId}/transition`, body: { to: 'sent' } }) },
  'POST /api/repair-orders/:id/decisions': {
    request: async (fx) => {
      const { orderId, lineId } = await freshOrderOfA(fx, 'sent');
      return { url: `/api/repair-orders/${orderId}/decisions`, body: { decisions: [{ lineId, decision: 'approved' }] } };
    },
  },
  'PUT /api/repair-orders/:id/lines/:lineId': {
    request: async (fx) => {
      const { orderId, lineId } = await freshOrderOfA(fx, 'estimate');
      return { url: `/api/repair-orders/${orderId}/lines/${lineId}`, body: { kind: 'fee', description: 'REST fee', amountCents: 200 } };
    },
  },
  'DELETE /api/repair-orders/:id/lines/:lineId': {
    request: async (fx) => {
      const { orderId, lineId } = await freshOrderOfA(fx, 'estimate');
      return { url: `/api/repair-orders/${orderId}/lines/${lineId}` };
    },
  },
  'POST /api/repair-orders/:id/lines/:lineId/clock-in': {
    request: async (fx) => {
      const { orderId, lineId } = await freshOrderOfA(fx, 'in_progress');
      return { url: `/api/repair-orders/${orderId}/lines/${lineId}/clock-in` };
    },
    after: stopClocks,
  },
  'POST /api/repair-orders/:id/lines/:lineId/clock-out': {
    request: async (fx, actor) => {
      const target = await freshOrderOfA(fx, 'in_progress');
      if (STAFF_A.has(actor)) await callerFor(fx.db, fx.users[actor as SignedIn]).repairOrders.clockIn(target);
      return { url: `/api/repair-orders/${target.orderId}/lines/${target.lineId}/clock-out` };
    },
    after: stopClocks,
  },
  'POST /api/repair-orders/:id/payments': { request: async (fx) => ({ url: `/api/repair-orders/${(await freshOrderOfA(fx, 'invoiced')).orderId}/payments`, body: { amountCents: 100, method: 'card' } }) },
  'GET /api/shops/:centerId/purchase-orders': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/purchase-orders?status=draft&limit=100` }) },
  'POST /api/shops/:centerId/purchase-orders': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/purchase-orders`, body: { supplierId: fx.supplierOfA } }) },
  'GET /api/purchase-orders/:id': { request: (fx) => ({ url: `/api/purchase-orders/${fx.purchaseOrderOfA}` }) },
  'POST /api/purchase-orders/:id/lines': { request: async (fx) => ({ url: `/api/purchase-orders/${(await freshPurchaseOrderOfA(fx, 'empty')).orderId}/lines`, body: { partId: fx.partOfA, quantity: 1 } }) },
  'POST /api/purchase-orders/:id/transition': { request: async (fx) => ({ url: `/api/purchase-orders/${(await freshPurchaseOrderOfA(fx, 'draft')).orderId}/transition`, body: { to: 'cancelled' } }) },
  'POST /api/purchase-orders/:id/receive': {
    request: async (fx) => {
      const { orderId, lineId } = await freshPurchaseOrderOfA(fx, 'ordered');
      return { url: `/api/purchase-orders/${orderId}/receive`, body: { lines: [{ lineId, quantity: 5 }] } };
    },
  },
  'GET /api/shops/:centerId/parts': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/parts?search=matrix&limit=100` }) },
  'POST /api/shops/:centerId/parts': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/parts`, body: { partNumber: freshName('REST'), name: 'REST part', priceCents: 100 } }) },
  'PATCH /api/parts/:id': { request: (fx) => ({ url: `/api/parts/${fx.partOfA}`, body: { notes: 'REST matrix' } }) },
  'POST /api/shops/:centerId/parts/import': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/parts/import`, body: { csv: matrixPartsCsv() } }) },
  'GET /api/shops/:centerId/inventory': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/inventory?status=in_stock` }) },
  'GET /api/vehicles/:vehicleId/parts': { request: (fx) => ({ url: `/api/vehicles/${fx.vehicleId}/parts?serviceCenterId=${fx.shopA}` }) },
  'POST /api/inventory/:partId/movements': { request: (fx) => ({ url: `/api/inventory/${fx.partOfA}/movements`, body: { kind: 'received', quantity: 1 } }) },
  'GET /api/shops/:centerId/suppliers': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/suppliers` }) },
  'POST /api/shops/:centerId/suppliers': { request: (fx) => ({ url: `/api/shops/${fx.shopA}/suppliers`, body: { name: freshName('REST supplier'), status: 'pending' } }) },
  'PATCH /api/suppliers/:id': { request: (fx) => ({ url: `/api/suppliers/${fx.supplierOfA}`, body: { contactName: 'REST Contact' } }) },

  'GET /api/docs': { rule: 'public', request: () => ({ url: '/api/docs' }) },
  'GET /api/health': { rule: 'public', request: () => ({ url: '/api/health' }) },
  'GET /api/openapi.json': { rule: 'public', request: () => ({ url: '/api/openapi.json' }) },
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function splitRoute(route: string): { method: HttpMethod; path: string } {
  const [method, path] = route.split(' ');
  if (!method || !path || !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) throw new Error(`bad route key ${route}`);
  return { method: method as HttpMethod, path };
}

// ---- The matrix ----------------------------------------------------------------------------

/** One probe per run: a missing native build of the decoder is an environment fact, not a finding. */
let decoderProbe: Promise<boolean> | undefined;
const decoderAvailable = () => (decoderProbe ??= getVinDecoder().then(() => true, () => false));

describeOnOneDatabase('authorization matrix', (getDb) => {
  let app: FastifyInstance;
  let fx: Fixtures | undefined;
  const fixtures = (): Fixtures => {
    if (!fx) throw new Error('fixtures not ready');
    return fx;
  };

  beforeAll(async () => {
    app = await buildTestApp(getDb());
    fx = await makeFixtures(getDb());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has a rule for every tRPC procedure of appRouter, and none for a procedure that does not exist', () => {
    const registered = registeredProcedures();
    expect(registered.length).toBeGreaterThan(30);
    expect(registered.filter((p) => !(p in PROCEDURES)), 'procedures without a row').toEqual([]);
    expect(Object.keys(PROCEDURES).filter((p) => !registered.includes(p)), 'rows for procedures that do not exist').toEqual([]);
    const incomplete = Object.entries(PROCEDURES)
      .filter(([, row]) => LIST_RULES.has(row.rule) !== (row.watched !== undefined && row.ids !== undefined))
      .map(([path]) => path);
    expect(incomplete, 'list rules need watched and ids (and only they)').toEqual([]);
  });

  it('has a row for every registered /api route, and each agrees with the API reference', () => {
    const registered = [...new Set(app.apiRoutes)].sort();
    expect(registered.length).toBeGreaterThan(20);
    expect(registered.filter((r) => !(r in REST)), 'REST paths without a row').toEqual([]);
    expect(Object.keys(REST).filter((r) => !registered.includes(r)), 'rows for paths that do not exist').toEqual([]);
    const problems: string[] = [];
    for (const [route, row] of Object.entries(REST)) {
      const { method, path } = splitRoute(route);
      const doc = app.restDocs.find((d) => d.method === method && d.url === path);
      if (doc?.procedure && row.rule) problems.push(`${route}: states a rule although procedure ${doc.procedure} has one`);
      if (!doc?.procedure && !row.rule) problems.push(`${route}: no procedure behind it, so it needs its own rule`);
      if (doc?.procedure && !(doc.procedure in PROCEDURES)) problems.push(`${route}: unknown procedure ${doc.procedure}`);
      const rule = row.rule ?? (doc?.procedure ? PROCEDURES[doc.procedure]?.rule : undefined);
      if (doc && rule && DOCUMENTED_AUTH[rule] !== doc.auth) problems.push(`${route}: rule ${rule} but the API reference says auth '${doc.auth}'`);
    }
    expect(problems).toEqual([]);
  });

  describe('tRPC procedures', () => {
    for (const [path, row] of Object.entries(PROCEDURES)) {
      for (const actor of ACTORS) {
        const expected = expectationOf(row.rule, actor);
        it(`${path} [${row.rule}] × ${actor} → ${describeExpectation(expected)}`, async () => {
          const f = fixtures();
          const user = actor === 'anonymous' ? null : f.users[actor];
          const input = await row.input?.(f, actor);
          const call = procedureAt(callerFor(getDb(), user), path);
          let answer: unknown;
          let failure: unknown;
          try {
            answer = await call(input);
          } catch (error) {
            failure = error;
          }
          await row.after?.(f);
          const code = failure instanceof TRPCError ? failure.code : failure === undefined ? undefined : 'NOT_A_TRPC_ERROR';

          if (!expected.allow) {
            expect(code, `${path} as ${actor}`).toBe(expected.code);
            return;
          }
          if (failure !== undefined && row.needsDecoder && code === 'SERVICE_UNAVAILABLE' && !(await decoderAvailable())) return;
          // Allowed and given valid input: the call succeeds (no auth error, nor any other).
          expect(failure === undefined ? undefined : `${code}: ${failure instanceof Error ? failure.message : String(failure)}`, `${path} as ${actor}`).toBeUndefined();
          if (expected.listsWatchedRow !== undefined && row.watched && row.ids) {
            expect(row.ids(answer).includes(row.watched(f)), `${path} as ${actor} lists the watched row`).toBe(expected.listsWatchedRow);
          }
          row.check?.(answer, f, actor);
        });
      }
    }
  });

  describe('REST paths', () => {
    const cookies: Partial<Record<SignedIn, string>> = {};
    const signIn = async (actor: SignedIn) => {
      cookies[actor] = await signInCookie(app, fixtures().users[actor].email);
    };
    // Signed in only now: auth.changePassword above ended every earlier session of these users
    // and revoked their tokens, so A gets a new watched token.
    beforeAll(async () => {
      for (const actor of ACTORS) if (actor !== 'anonymous') await signIn(actor);
      fixtures().tokenOfA = await freshTokenOfA(fixtures());
    });

    for (const [route, row] of Object.entries(REST)) {
      const { method } = splitRoute(route);
      for (const actor of ACTORS) {
        it(`${route} × ${actor}`, async () => {
          const f = fixtures();
          const doc = app.restDocs.find((d) => `${d.method} ${d.url}` === route);
          const procedure = doc?.procedure ? PROCEDURES[doc.procedure] : undefined;
          const rule = row.rule ?? procedure?.rule;
          if (!rule) throw new Error(`${route} has no rule`);
          const expected = expectationOf(rule, actor);

          const { url, body, upload } = await row.request(f, actor);
          const headers: Record<string, string> = { host: 'localhost:3000' };
          if (actor !== 'anonymous') headers.cookie = cookies[actor] ?? '';
          if (STATE_CHANGING.has(method)) headers.origin = 'http://localhost:3000';
          if (body !== undefined) headers['content-type'] = 'application/json';
          const form = upload ? multipart(upload.content, upload.name, upload.type) : undefined;
          if (form) Object.assign(headers, form.headers);
          const res = await app.inject({ method, url, headers, payload: form ? form.payload : body === undefined ? undefined : JSON.stringify(body) });
          if (row.renewsSession && actor !== 'anonymous') await signIn(actor);
          await row.after?.(f);

          const where = `${route} as ${actor} (${rule}): ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (!expected.allow) {
            expect(res.statusCode, where).toBe(HTTP_STATUS[expected.code]);
            expect(res.json<unknown>(), where).toEqual({ message: expect.any(String), code: expected.code });
            return;
          }
          expect(res.statusCode, where).toBeLessThan(400);
          const watched = row.watched ?? procedure?.watched;
          if (expected.listsWatchedRow !== undefined && watched) {
            expect(answerIds(res.json<unknown>()).includes(watched(f)), `${where}: lists the watched row`).toBe(expected.listsWatchedRow);
          }
        });
      }
    }
  });
});
