import { createHash, randomBytes } from 'node:crypto';
import { parseData, type SandboxDb } from '../database';
import { badRequest, invalid, type Handler, type HandlerAnswer, type HandlerContext, type Seller, type SessionOwner, type UploadedFile } from '../handler';
import { outboxOwner } from '../sessions';
import { documentProblem, type ProviderSettings } from '../providerSettings';
import { recognize, type RecognizedId } from '../idRecognition';
import { UPLOAD_TYPES, uploadKind, type UploadKind } from '../uploadKind';

/** One card of people.json `idCards`: what the recognition reads off each side. */
interface IdCard {
  card: string;
  front: { id_number: string; name: string; surname: string; dob: string; expiry_date: string; gender: 'M' | 'F' };
  /**
   * What the rear reads, field by field (a country whose journey scans only the front has none):
   * a card its number, profession and contacts, another where its holder was registered
   * (`department`, `municipality`): whatever the seed's card has.
   */
  rear?: Record<string, string>;
}

interface UploadRow {
  file_name: string;
  card: string | null;
  side: RecognizedId['side'] | null;
}

const imageUrl = (fileName: string) => `/uploads/${fileName}`;

/** What an upload takes when its operation's spec names no `encoding.file.contentType`: a photo. */
const IMAGE_TYPES = [UPLOAD_TYPES.jpeg, UPLOAD_TYPES.png];

/**
 * The multipart upload's checks (spec ImageUpload: `file` and `region`): the file, judged by its
 * first bytes (uploadKind.ts: never its name or declared type), must be a type the operation's
 * spec takes (`encoding.file.contentType`; a JPEG or PNG where it names none), a PDF only where
 * it lists `application/pdf`.
 */
function uploadedFile(files: UploadedFile[], body: Record<string, unknown>, fileTypes = IMAGE_TYPES): (UploadedFile & { kind: UploadKind }) | HandlerAnswer {
  const file = files.find((f) => f.field === 'file');
  if (!file || file.data.length === 0) return invalid('body/file');
  if (typeof body.region !== 'string' || body.region.trim() === '') return invalid('body/region');
  const kind = uploadKind(file.data);
  if (!kind || !fileTypes.includes(UPLOAD_TYPES[kind])) {
    const message = fileTypes.includes(UPLOAD_TYPES.pdf) ? 'El archivo debe ser una imagen JPEG o PNG, o un PDF' : 'El archivo debe ser una imagen JPEG o PNG';
    return badRequest(message, 'VALIDATION', 400, 'file');
  }
  return { ...file, kind };
}

/**
 * Whose an upload is (`uploads.seller_code`): the seller's code in an agent's session, the lead's
 * (`lead:<id>`) in a customer's (issue 33: without it every customer's uploads were one empty
 * code's, and any customer read another's ID by its name).
 */
const uploaderOf = (owner: SessionOwner | undefined): string => outboxOwner(owner) ?? '';

/**
 * Keeps what was recognized on an upload under a new file name (`<prefix>-<random>.<ext>`), as
 * the uploading seller's; the image bytes themselves are not kept: the sandbox stores no
 * customer's photo.
 */
function storeUpload(db: SandboxDb, file: UploadedFile & { kind: UploadKind }, prefix: string, now: Date, sellerCode: string): { fileName: string; recognized: RecognizedId | undefined } {
  // A PDF holds no ID to read: only a photo's QR code is looked for.
  const recognized = file.kind === 'pdf' ? undefined : recognize(file.data, file.mimeType);
  const extension = file.kind === 'jpeg' ? 'jpg' : file.kind;
  // A name that says nothing of the others' (72 random bits), kept as the seller's own.
  const fileName = `${prefix}-${randomBytes(9).toString('base64url')}.${extension}`;
  db.prepare('insert into uploads (file_name, card, side, created_at, seller_code) values (?, ?, ?, ?, ?)').run(
    fileName,
    recognized?.card ?? null,
    recognized?.side ?? null,
    now.getTime(),
    sellerCode,
  );
  return { fileName, recognized };
}

function idCard(db: SandboxDb, card: string | null | undefined): IdCard | undefined {
  return card ? parseData<IdCard>(db.prepare('select data from id_cards where card = ?').get(card)) : undefined;
}

/** The rear's read fields as `{field: {value}}`; a field the card leaves empty is not read. */
function rearFields(rear: NonNullable<IdCard['rear']>): Record<string, { value: string }> {
  return Object.fromEntries(Object.entries(rear).filter(([, value]) => value !== '').map(([field, value]) => [field, { value }]));
}

/**
 * JSON with object keys sorted at every level: equal bodies hash equally whatever their key
 * order. The replacer sorts one object at a time as JSON.stringify walks down, so no function
 * of ours recurses over the body's depth (a 10,000-deep order overflowed it).
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, each: unknown) =>
    each && typeof each === 'object' && !Array.isArray(each) ? Object.fromEntries(Object.entries(each as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : each,
  );
}

/** The order's fields a lead keeps (the PIN `vendPass` and the request flags are not kept). */
const LEAD_FIELDS = [
  'cliFirstName',
  'cliSecondName',
  'cliFirstLastName',
  'cliSecondLastName',
  'cliBirthDate',
  'cliGender',
  'cliNationality',
  'cliProfession',
  'cliEmail',
  'cliDocExpiry',
  'cliContactPhoneList',
  'cliReference',
  'cliDocument',
  'actAddress',
  'actNode',
  'productList',
  'monthsContract',
  'activationCost',
  'cliInstallationDate',
  'installationTime',
  'actComments',
  'actAttachment',
  'paymentOption',
  'addonList',
] as const;

/** The lead (common.yaml Lead) an order makes: its fields, the birth month and year, the seller. */
function leadOf(order: Record<string, unknown>, id: string, seller: Seller, createdAt: string, updatedAt?: string): Record<string, unknown> {
  // A new or rewritten order's services are sent for activation, not yet activated.
  const lead: Record<string, unknown> = { id, status: 'REQUESTED', activationStatus: 'submitted', createdAt };
  if (updatedAt) lead.updatedAt = updatedAt;
  for (const field of LEAD_FIELDS) if (order[field] !== undefined) lead[field] = order[field];
  const birth = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(String(order.cliBirthDate ?? ''));
  if (birth) {
    lead.cliBirthMonth = birth[2];
    lead.cliBirthYear = birth[3];
  }
  lead.poaSellerCode = seller.poaSellerCode;
  return lead;
}

/** The next `L-<n>` (from 2001, as the spec's example). */
function nextLeadId(db: SandboxDb): string {
  const { last } = db.prepare("select max(cast(substr(id, 3) as integer)) as last from leads where id like 'L-%'").get() as { last: number | null };
  return `L-${Math.max(last ?? 0, 2000) + 1}`;
}

/** Creates the lead, or rewrites `modifyLeadId` (the seller's own) and sends it back to REQUESTED. */
/** The order's first document its type's rule refuses: the rule's 400, naming the field. */
function orderDocumentProblem(provider: ProviderSettings, order: Record<string, unknown>): HandlerAnswer | undefined {
  const documents = Array.isArray(order.cliDocument) ? (order.cliDocument as Array<Record<string, unknown>>) : [];
  for (const [i, document] of documents.entries()) {
    const wrong = documentProblem(provider, String(document.cliDocumentType), document.cliDocumentNum);
    if (wrong) return badRequest(wrong.message, wrong.code, 400, `cliDocument/${i}/cliDocumentNum`);
  }
  return undefined;
}

function placeOrder(db: SandboxDb, order: Record<string, unknown>, seller: Seller, now: Date): HandlerAnswer {
  const modifyLeadId = typeof order.modifyLeadId === 'string' && order.modifyLeadId !== '' ? order.modifyLeadId : undefined;
  if (modifyLeadId) {
    const row = db.prepare('select data from leads where id = ? and seller_code = ?').get(modifyLeadId, seller.poaSellerCode);
    const previous = parseData<{ createdAt?: string }>(row);
    if (!previous) return badRequest('El lead a modificar no existe', 'LEAD_NOT_FOUND');
    // What the order sends replaces the lead's; what it does not send (an edit of one part from a
    // lead's detail: its attachments, say) stays as the lead had it.
    const lead = { ...previous, ...leadOf(order, modifyLeadId, seller, previous.createdAt ?? now.toISOString(), now.toISOString()) };
    db.prepare("update leads set status = 'REQUESTED', data = ? where id = ?").run(JSON.stringify(lead), modifyLeadId);
    return { body: { leadId: modifyLeadId } };
  }
  const id = nextLeadId(db);
  const lead = leadOf(order, id, seller, now.toISOString());
  db.prepare("insert into leads (id, seller_code, status, data, created_at) values (?, ?, 'REQUESTED', ?, ?)").run(
    id,
    seller.poaSellerCode,
    JSON.stringify(lead),
    now.getTime(),
  );
  return { body: { leadId: id } };
}

/**
 * An upload stored as its operation's spec lets it in (`fileTypes`: photos, or a PDF as well),
 * answered with where it is. Written once for every upload operation, called by name so that
 * the reading of each handler's answers (tests/support/handlerStatuses.ts) follows it.
 */
function storedUpload({ db, files, body, now, owner, fileTypes }: HandlerContext): HandlerAnswer {
  const file = uploadedFile(files, body, fileTypes);
  if ('body' in file) return file;
  const { fileName } = storeUpload(db, file, 'upload', now, uploaderOf(owner));
  return { body: { Payload: { fileName, imageUrl: imageUrl(fileName) } } };
}

/**
 * The home activator: uploads, ID reading (by the QR code of the fixture images, see
 * `idRecognition.ts`), DUI eligibility, and the activation order, which creates the lead the
 * sales report then lists.
 */
export const activatorHandlers: Record<string, Handler> = {
  frontIdUpload: (context) => storedUpload(context),

  /**
   * businessDocumentUpload: a document that is no ID photo (a company's registration, its tax
   * record) stored as any upload is; its spec lets a PDF in beside the photos, where the ID
   * uploads take photos only.
   */
  businessDocumentUpload: (context) => storedUpload(context),

  idRecognition: ({ db, body, owner }) => {
    const fileName = String(body.fileName);
    // Another seller's (or customer's) upload is as if it were not there: its reading is a customer's ID.
    const upload = db.prepare('select file_name, card, side from uploads where file_name = ? and seller_code = ?').get(fileName, uploaderOf(owner)) as UploadRow | undefined;
    if (!upload) return badRequest('No se encontró la imagen, súbela de nuevo', 'FILE_NOT_FOUND');
    const card = upload.side === 'front' ? idCard(db, upload.card) : undefined;
    // Unread (or the rear photographed as the front): no id_number, the journey's retry branch.
    if (!card) return { body: { fileName, imageUrl: imageUrl(fileName) } };
    // The date of birth also in parts, for a review that asks it in three fields.
    const dob = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(card.front.dob);
    const dobParts = dob ? { dobParts: { day: dob[1], month: dob[2], year: dob[3] } } : {};
    const expiry = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(card.front.expiry_date);
    const expiryParts = expiry ? { expiryParts: { day: expiry[1], month: expiry[2], year: expiry[3] } } : {};
    return { body: { ...card.front, ...dobParts, ...expiryParts, fileName, imageUrl: imageUrl(fileName) } };
  },

  rearIdRecognition: ({ db, files, body, now, owner, fileTypes }) => {
    const file = uploadedFile(files, body, fileTypes);
    if ('body' in file) return file;
    const { fileName, recognized } = storeUpload(db, file, 'rear', now, uploaderOf(owner));
    const card = recognized?.side === 'rear' ? idCard(db, recognized.card) : undefined;
    return { body: { payload: { data: card?.rear ? rearFields(card.rear) : {} }, imageUrl: imageUrl(fileName), fileName } };
  },

  validateDUI: ({ db, params }) => {
    const digits = String(params.dui).replace(/\D/g, '');
    const listed = parseData<{ eligibility_result: string; eligibility_decisions: unknown[] }>(db.prepare('select data from eligibility where dui = ?').get(digits));
    if (!listed) return { body: { eligibility_result: 'accepted', eligibility_decisions: [] } };
    return { body: { eligibility_result: listed.eligibility_result, eligibility_decisions: listed.eligibility_decisions } };
  },

  activation: ({ db, headers, body, seller, now, provider }) => {
    if (!seller) return badRequest('No autorizado', 'UNAUTHORIZED', 401);
    // Each document by its type's rule (`provider.json`: a DUI's check digit), as registration does.
    const refused = orderDocumentProblem(provider, body);
    if (refused) return refused;
    const key = headers['idempotency-key']?.trim();
    if (!key || key.length < 8 || key.length > 128) return invalid('header/Idempotency-Key');
    // Keys are the seller's own: another seller's key never answers this seller's order.
    const scopedKey = `${seller.poaSellerCode}:${key}`;
    const bodyHash = createHash('sha256').update(canonicalJson(body)).digest('hex');
    return db.transaction((): HandlerAnswer => {
      const first = db.prepare('select body_hash, response from idempotency where key = ?').get(scopedKey) as { body_hash: string; response: string } | undefined;
      if (first) {
        if (first.body_hash !== bodyHash) {
          return badRequest('La clave de idempotencia ya se usó con otra orden; genera una nueva para esta orden', 'IDEMPOTENCY_KEY_REUSED');
        }
        // The first answer again: only a placed order (a 200) is remembered.
        return { status: 200, body: JSON.parse(first.response) as unknown, headers: { 'idempotent-replayed': 'true' } };
      }
      const answer = placeOrder(db, body, seller, now);
      // Only an order that was placed is remembered: a refused one can be corrected and sent again.
      if ((answer.status ?? 200) === 200) {
        db.prepare('insert into idempotency (key, body_hash, status, response) values (?, ?, ?, ?)').run(scopedKey, bodyHash, 200, JSON.stringify(answer.body));
      }
      return answer;
    })();
  },
};
