import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { parseData, type SandboxDb } from '../database';
import { documentKey, documentProblem, phoneTaken, type ProviderSettings } from '../providerSettings';
import { badRequest, invalid, tooManyRequests, type Handler, type HandlerAnswer } from '../handler';
import { otpRefusal } from '../otpLimits';
import { outboxOwner } from '../sessions';
import { leadContact } from './customerLeads';

/** How long a one-time code stays valid. */
const OTP_TTL_SECONDS = 300;

const PHONE_EXISTS = 'el número de teléfono ya existe';
const EMAIL_EXISTS = 'la identificación de correo electrónico ya existe';
const PHONE_NOT_ON_RECORD = 'El teléfono no es el que el cliente tiene registrado';
const EMAIL_NOT_ON_RECORD = 'El correo electrónico no es el que el cliente tiene registrado';

type MediumKind = 'phone' | 'email';
type PhoneType = 'main' | 'secondary';

/** A phone or e-mail of a user; `contact_mediums` holds who owns each value. */
interface Medium {
  id: string;
  kind: MediumKind;
  type?: PhoneType;
  value: string;
  verified: boolean;
}

/** A registered customer as stored (`users.data`). */
interface UserRecord {
  id: string;
  documentType: string;
  documentNumber: string;
  cliFirstName?: string;
  cliLastName?: string;
  cliDob?: string;
  cliGender?: string;
  cliProfession?: string;
  mediums: Medium[];
  /** The sellers who registered this customer: they may go on with a sale of it (its id, its codes). */
  sellers?: string[];
  /** The seller whose registration wrote the record: the only one who reads or changes it. */
  owner?: string;
}

/** The spec-5 e-mail shape (letters, digits and . _ - before the @, a 2 to 5 letter top-level domain). */
const WELL_FORMED_EMAIL = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,5}$/;

/** A value as it is compared: e-mails without case, phones by their digits. */
const normalize = (kind: MediumKind, value: string) => (kind === 'email' ? value.trim().toLowerCase() : value.replace(/\D/g, ''));

function loadUser(db: SandboxDb, id: string): UserRecord | undefined {
  return parseData<UserRecord>(db.prepare('select data from users where id = ?').get(id));
}

/**
 * The user `id` when `sellerCode` registered it; another seller's user is as if it did not exist
 * (a 404 or "El usuario no existe", never its data), so an id says nothing about others' customers.
 */
function sellersUser(db: SandboxDb, id: string, sellerCode: string | undefined): UserRecord | undefined {
  const user = loadUser(db, id);
  return user && sellerCode !== undefined && user.sellers?.includes(sellerCode) ? user : undefined;
}

/** A user id that says nothing of how many there are or which comes next (72 random bits). */
const newUserId = () => `U-${randomBytes(9).toString('base64url')}`;

function saveUser(db: SandboxDb, user: UserRecord): void {
  db.prepare('insert into users (id, data) values (?, ?) on conflict (id) do update set data = excluded.data').run(user.id, JSON.stringify(user));
}

/** The next number of a sequence kept in `meta` (`seq:<name>`), from `first`. */
function nextInSequence(db: SandboxDb, name: string, first: number): number {
  const row = db
    .prepare("insert into meta (key, value) values (?, ?) on conflict (key) do update set value = cast(value as integer) + 1 returning value")
    .get(`seq:${name}`, String(first)) as { value: string };
  return Number(row.value);
}

/** The user a value is registered to, if any. */
function ownerOf(db: SandboxDb, kind: MediumKind, value: string): string | undefined {
  const row = db.prepare('select user_id from contact_mediums where kind = ? and value = ?').get(kind, normalize(kind, value)) as { user_id: string } | undefined;
  return row?.user_id;
}

/** The refusal when a value belongs to another user. */
function conflict(db: SandboxDb, userId: string | undefined, kind: MediumKind, value: string): HandlerAnswer | undefined {
  const owner = ownerOf(db, kind, value);
  if (owner === undefined || owner === userId) return undefined;
  return badRequest(kind === 'phone' ? PHONE_EXISTS : EMAIL_EXISTS, kind === 'phone' ? 'PHONE_EXISTS' : 'EMAIL_EXISTS');
}

/**
 * Registers a phone (one per type) or the e-mail (one) of a user, replacing the one it had;
 * the same value again keeps its id and verification. The caller checks for conflicts first.
 */
function setMedium(db: SandboxDb, user: UserRecord, kind: MediumKind, value: string, type?: PhoneType): Medium {
  const normalized = normalize(kind, value);
  const same = user.mediums.find((m) => m.kind === kind && m.value === normalized);
  const replaced = user.mediums.filter((m) => m !== same && m.kind === kind && (kind === 'email' || m.type === type));
  for (const old of replaced) db.prepare('delete from contact_mediums where kind = ? and value = ?').run(old.kind, old.value);
  user.mediums = user.mediums.filter((m) => !replaced.includes(m));
  if (same) {
    if (type) same.type = type;
    return same;
  }
  const medium: Medium = { id: `CM-${nextInSequence(db, 'contactMedium', 1)}`, kind, value: normalized, verified: false, ...(type ? { type } : {}) };
  db.prepare('insert into contact_mediums (kind, value, user_id) values (?, ?, ?)').run(kind, normalized, user.id);
  user.mediums.push(medium);
  return medium;
}

/** A medium as the spec's ContactMedium. */
const mediumAnswer = ({ id, type, value, verified }: Medium) => ({ id, ...(type ? { type } : {}), value, verified });

/** The user as the spec's User: the stored fields and their phones and e-mails. */
function userAnswer(user: UserRecord) {
  // Who registered the customer is the provider's to know, not an answer's.
  const { mediums, sellers: _sellers, owner: _owner, ...fields } = user;
  void _sellers;
  void _owner;
  return {
    ...fields,
    phones: mediums.filter((m) => m.kind === 'phone').map(mediumAnswer),
    emails: mediums.filter((m) => m.kind === 'email').map(mediumAnswer),
  };
}

/** What the provider says to a second seller who registers a customer it already has. */
export const CUSTOMER_EXISTS = 'El cliente ya existe: se continúa con los datos que el proveedor tiene registrados';

/** The seller whose registration wrote the user's record (the first of its sellers for a record stored before there was an owner). */
const ownerOfUser = (user: UserRecord) => user.owner ?? user.sellers?.[0];

/** The user as another seller may know it: what that seller itself sent (the document), nothing the owner typed. */
const strangersView = (user: UserRecord) => ({ id: user.id, documentType: user.documentType, documentNumber: user.documentNumber, phones: [], emails: [] });

/**
 * Registers a customer as a user with their phones and e-mail (`cliTelephone`, optional
 * `cliTelephoneSecondary`, `cliEmail`, and the names, birth date, gender and profession kept
 * when given), or updates the user the document already has when the same seller registers it
 * again: a retried or corrected review keeps its user. A phone or e-mail of another user is
 * refused: that 400 is the answer instead of the user's `{id}`, which each caller answers its own
 * way. The document is checked by its type's rule first (`provider.json`: a DUI's check digit).
 *
 * A document another seller registered is the provider's customer, not this seller's to
 * rewrite (issue 31): the answer is the same user id with `existing: true` and the provider's
 * words (`CUSTOMER_EXISTS`), and nothing of what this seller typed is kept (names, birth date,
 * phones, e-mail), nor is anything of the record revealed. This seller joins the user's sellers,
 * so the sale goes on with the id: its one-time codes go only to the phone and e-mail on record.
 */
export function registerUser(db: SandboxDb, provider: ProviderSettings, body: Record<string, unknown>, sellerCode: string): { id: string; existing?: true } | HandlerAnswer {
  const documentType = String(body.documentType);
  const documentNumber = String(body.documentNumber).trim();
  const wrong = documentProblem(provider, documentType, documentNumber);
  if (wrong) return badRequest(wrong.message, wrong.code, 400, 'documentNumber');
  return db.transaction((): { id: string; existing?: true } | HandlerAnswer => {
    // Compared as the provider compares the type (`provider.json`: a DUI by its digits).
    const key = `${documentType}:${documentKey(provider, documentType, documentNumber)}`;
    // The same customer registered again (a retried or corrected review) keeps their user.
    const existing = (db.prepare('select data from users').all() as Array<{ data: string }>)
      .map((row) => JSON.parse(row.data) as UserRecord)
      .find((user) => `${user.documentType}:${documentKey(provider, user.documentType, user.documentNumber)}` === key);
    if (existing && ownerOfUser(existing) !== sellerCode) {
      // Another seller's customer: the record stays as it is; this seller may go on with the id.
      if (!existing.sellers?.includes(sellerCode)) {
        existing.owner = ownerOfUser(existing);
        existing.sellers = [...(existing.sellers ?? []), sellerCode];
        saveUser(db, existing);
      }
      return { id: existing.id, existing: true };
    }
    const main = String(body.cliTelephone);
    const secondary = typeof body.cliTelephoneSecondary === 'string' && body.cliTelephoneSecondary !== main ? body.cliTelephoneSecondary : undefined;
    const email = String(body.cliEmail);
    const refused =
      conflict(db, existing?.id, 'phone', main) ??
      (secondary ? conflict(db, existing?.id, 'phone', secondary) : undefined) ??
      conflict(db, existing?.id, 'email', email);
    if (refused) return refused;
    const user: UserRecord = {
      id: existing?.id ?? newUserId(),
      documentType,
      documentNumber,
      mediums: existing?.mediums ?? [],
      owner: sellerCode,
      sellers: [...new Set([...(existing?.sellers ?? []), sellerCode])],
    };
    for (const field of ['cliFirstName', 'cliLastName', 'cliDob', 'cliGender', 'cliProfession'] as const) {
      const value = body[field] ?? existing?.[field];
      if (typeof value === 'string') user[field] = value;
    }
    setMedium(db, user, 'phone', main, 'main');
    if (secondary) setMedium(db, user, 'phone', secondary, 'secondary');
    setMedium(db, user, 'email', email);
    saveUser(db, user);
    return { id: user.id };
  })();
}

/** Marks a value verified on the user it is registered to (a right code proves it). */
function markVerified(db: SandboxDb, kind: MediumKind, value: string): void {
  const owner = ownerOf(db, kind, value);
  const user = owner ? loadUser(db, owner) : undefined;
  const medium = user?.mediums.find((m) => m.kind === kind && m.value === normalize(kind, value));
  if (!user || !medium) return;
  medium.verified = true;
  saveUser(db, user);
}

const channelKind = (channel: unknown): MediumKind => (channel === 'email' ? 'email' : 'phone');

/** Compares codes in constant time (both are 6 digits once the spec's pattern has passed). */
function sameCode(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The six authorizations of the terms screen (spec 2.3; the 12-month validity is spec 9's), as
 * the provider words them: the screen shows these words, not the step file's shorter labels. */
const TERMS = [
  { key: 'creditConsultation', title: 'Consulta crediticia', text: 'Autorizo a la empresa a consultar mi historial crediticio en las centrales de riesgo autorizadas.' },
  { key: 'creditAgency', title: 'Agencia de información crediticia', text: 'Autorizo que mis datos de esta contratación se compartan con una agencia de información crediticia.' },
  { key: 'contractTerms', title: 'Contrato de servicios', text: 'He leído y acepto los términos del contrato de servicios de telecomunicaciones.' },
  { key: 'privacyNotice', title: 'Aviso de privacidad', text: 'He leído y acepto el aviso de privacidad sobre el uso de mis datos personales.' },
  { key: 'disputeResolution', title: 'Solución de controversias', text: 'Acepto resolver cualquier controversia por los mecanismos alternativos que el contrato establece.' },
  { key: 'contractValidity', title: 'Vigencia', text: 'Entiendo que el contrato tiene una vigencia de 12 meses.' },
].map((field) => ({ ...field, required: true }));

/** Registers a phone or an e-mail for a user, refusing one another user already has. */
function registerMedium(db: SandboxDb, userId: string, sellerCode: string | undefined, kind: 'phone' | 'email', value: string, slot?: 'main' | 'secondary'): HandlerAnswer {
  return db.transaction((): HandlerAnswer => {
    const user = sellersUser(db, userId, sellerCode);
    if (!user) return badRequest('El usuario no existe', 'USER_NOT_FOUND');
    // Another seller's customer: its phones and e-mail are the provider's record, not this seller's to change.
    if (ownerOfUser(user) !== sellerCode) return badRequest(CUSTOMER_EXISTS, 'CUSTOMER_EXISTS');
    const refused = conflict(db, user.id, kind, value);
    if (refused) return refused;
    const medium = kind === 'phone' ? setMedium(db, user, 'phone', value, slot ?? 'main') : setMedium(db, user, 'email', value);
    saveUser(db, user);
    return { body: mediumAnswer(medium) };
  })();
}

/**
 * Customer registration: the customer as a user, their phone and e-mail as contact mediums
 * (a value belongs to one user), one-time codes written to the outbox (`GET /__sandbox/outbox`),
 * the e-mail checker and the terms.
 */
export const registrationHandlers: Record<string, Handler> = {
  getOTP: ({ db, body, now, otp, session, seller, owner, provider }) => {
    const channel = String(body.channel);
    const to = String(body.to).trim();
    const kind = channelKind(channel);
    if (kind === 'phone' ? !phoneTaken(provider, to) : !WELL_FORMED_EMAIL.test(to)) return invalid('body/to');
    // A customer's session sends codes to its own lead's phone and e-mail only: a public form is no SMS gateway.
    const contact = owner?.kind === 'customer' ? leadContact(db, owner.leadId) : undefined;
    if (owner?.kind === 'customer' && normalize(kind, to) !== normalize(kind, (kind === 'phone' ? contact?.phone : contact?.email) ?? '')) {
      return badRequest(kind === 'phone' ? PHONE_NOT_ON_RECORD : EMAIL_NOT_ON_RECORD, 'NOT_ON_RECORD', 400, 'to');
    }
    if (typeof body.userId === 'string') {
      const user = sellersUser(db, body.userId, seller?.poaSellerCode);
      if (!user) return badRequest('El usuario no existe', 'USER_NOT_FOUND');
      // A user's codes go to a phone or e-mail on its record only, never to one a seller names (issue 31).
      if (!user.mediums.some((m) => m.kind === kind && m.value === normalize(kind, to))) {
        return badRequest(kind === 'phone' ? PHONE_NOT_ON_RECORD : EMAIL_NOT_ON_RECORD, 'NOT_ON_RECORD', 400, 'to');
      }
    }
    // A new code only after a wait, and only so many an hour (otpLimits.ts): the pending one stays.
    const destination = `${channel}:${normalize(kind, to)}`;
    const verdict = otp.mayIssue(destination, session ?? '', now.getTime());
    if (!verdict.allowed) return tooManyRequests(otpRefusal(verdict), verdict.retryAfterMs);
    otp.issued(destination, session ?? '', now.getTime());
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    db.prepare(
      'insert into otp_codes (channel, recipient, code, expires_at) values (?, ?, ?, ?) on conflict (channel, recipient) do update set code = excluded.code, expires_at = excluded.expires_at',
    ).run(channel, normalize(kind, to), code, now.getTime() + OTP_TTL_SECONDS * 1000);
    // Whose call sent it: a dev-mode outbox shows a seller its own codes only (issue 31).
    db.prepare('insert into outbox (channel, recipient, message, created_at, seller_code) values (?, ?, ?, ?, ?)').run(
      channel,
      to,
      `Tu código de verificación es ${code}`,
      now.getTime(),
      outboxOwner(owner),
    );
    return { body: { status: 'sent', expiresIn: OTP_TTL_SECONDS } };
  },

  validateOTP: ({ db, body, now, otp, session }) => {
    const channel = String(body.channel);
    const kind = channelKind(channel);
    const recipient = normalize(kind, String(body.to));
    const destination = `${channel}:${recipient}`;
    // A session that sent too many wrong codes waits, whatever code it sends now.
    const verdict = otp.mayTry(session ?? '', now.getTime());
    if (!verdict.allowed) return tooManyRequests(otpRefusal(verdict), verdict.retryAfterMs);
    const stored = db.prepare('select code, expires_at from otp_codes where channel = ? and recipient = ?').get(channel, recipient) as
      | { code: string; expires_at: number }
      | undefined;
    // No code pending (never asked for, or already used): the code given cannot be right.
    if (!stored) return { body: { action: 'OTP Incorrecto' } };
    if (now.getTime() >= stored.expires_at) return { body: { action: 'OTP Expirado' } };
    if (!sameCode(String(body.code), stored.code)) {
      // Too many wrong tries spend the code (it expires now): the agent asks for a new one.
      const issuedAt = stored.expires_at - OTP_TTL_SECONDS * 1000;
      if (!otp.wrong(destination, session ?? '', issuedAt, now.getTime())) return { body: { action: 'OTP Incorrecto' } };
      db.prepare('update otp_codes set expires_at = ? where channel = ? and recipient = ?').run(now.getTime(), channel, recipient);
      return { body: { action: 'OTP Expirado' } };
    }
    db.prepare('delete from otp_codes where channel = ? and recipient = ?').run(channel, recipient);
    otp.verified(destination, session ?? '');
    markVerified(db, kind, recipient);
    return { body: { action: 'OTP Correcto' } };
  },

  users: ({ db, body, provider, seller }) => {
    const user = registerUser(db, provider, body, seller?.poaSellerCode ?? '');
    if ('body' in user) return user;
    return { body: user.existing ? { id: user.id, existing: true, message: CUSTOMER_EXISTS } : { id: user.id } };
  },

  getUser: ({ db, params, seller }) => {
    const user = sellersUser(db, params.id ?? '', seller?.poaSellerCode);
    if (!user) return { status: 404, body: { error: { message: 'No hay resultados' } } };
    return { body: ownerOfUser(user) === seller?.poaSellerCode ? userAnswer(user) : strangersView(user) };
  },

  contactMediumsPhones: ({ db, params, body, seller }) => registerMedium(db, params.id ?? '', seller?.poaSellerCode, 'phone', String(body.phone), body.type === 'secondary' ? 'secondary' : 'main'),

  contactMediumsEmails: ({ db, params, body, seller }) => registerMedium(db, params.id ?? '', seller?.poaSellerCode, 'email', String(body.email)),

  emailChecker: ({ db, query }) => {
    const email = String(query.email).trim().toLowerCase();
    const listed = db.prepare('select status from email_checks where email = ?').get(email) as { status: 'passed' | 'failed' } | undefined;
    if (listed) return { body: listed.status === 'failed' ? { status: 'failed', reason: 'mailbox_not_found' } : { status: 'passed' } };
    return { body: WELL_FORMED_EMAIL.test(email) ? { status: 'passed' } : { status: 'failed', reason: 'invalid_format' } };
  },

  termsAndConditions: () => ({ body: { items: [{ fields: TERMS }] } }),
};
