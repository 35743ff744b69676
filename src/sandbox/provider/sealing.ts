import type { FastifyReply, FastifyRequest } from 'fastify';
import { sealAnswer, type VerifiedCall } from '../signedCalls';

/**
 * The sealing step: the answer to a signed call that passed its checks is sealed with its
 * session's key (spec section 7), by an `onSend` hook, whatever answers it (its handler, a
 * refusal, a failure).
 */
export function answerSealing() {
  /** The signed calls that passed their checks, with what their answers must carry. */
  const verified = new WeakMap<FastifyRequest, VerifiedCall & { wrongState: boolean }>();
  return {
    /** Seals the answer to `request` for `call`; with `wrongState`, with another state than its request's (the `state-mismatch` fault). */
    sealFor(request: FastifyRequest, call: VerifiedCall, wrongState: boolean): void {
      verified.set(request, { ...call, wrongState });
    },
    /** The verified call `request` is, when it is one. */
    callOf: (request: FastifyRequest): VerifiedCall | undefined => verified.get(request),
    /** The `onSend` hook that seals. */
    seal: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const call = verified.get(request);
      if (!call) return payload;
      const body = payload === null || payload === undefined ? Buffer.alloc(0) : Buffer.isBuffer(payload) ? payload : Buffer.from(String(payload));
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      const sealed = sealAnswer(call, { status: reply.statusCode, contentType, body }, call.wrongState);
      for (const [name, value] of Object.entries(sealed.headers)) reply.header(name, value);
      return sealed.body;
    },
  };
}

export type AnswerSealing = ReturnType<typeof answerSealing>;
