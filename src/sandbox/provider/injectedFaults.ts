import type { FastifyReply, FastifyRequest } from 'fastify';
import { FAULT_HEADER, faultAnswer, type FaultAnswer } from '../faults';
import type { EarlyChecks, ProviderContext } from './context';

/** Whether a caller is this machine. */
const isLoopback = (address: string) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/** The fault asked of a call by the fault header: a tester's tool, in dev mode only from this machine (a network in the middle cannot make an answer fail), never in production. */
export function askedFault({ mode }: ProviderContext, request: FastifyRequest, headers: EarlyChecks['headers']): Pick<EarlyChecks, 'fault' | 'injected'> | undefined {
  const fault = mode === 'test' || (mode === 'dev' && isLoopback(request.ip)) ? headers[FAULT_HEADER] : undefined;
  return fault ? { fault, injected: faultAnswer(fault, headers['x-sandbox-fault-delay']) } : undefined;
}

/**
 * The fault armed for a call (by its own session in dev mode), spent by it whatever comes of it
 * afterwards. Asked once the call's session and signature have been checked (see operationRoute.ts).
 */
export function armedFault({ faults }: ProviderContext, request: FastifyRequest, headers: EarlyChecks['headers'], faultKeys: string[]): Pick<EarlyChecks, 'fault' | 'injected'> {
  const fault = faults.spend(request, faultKeys);
  return { fault, injected: fault ? faultAnswer(fault, headers['x-sandbox-fault-delay']) : undefined };
}

/** A cut connection: the caller gets no answer at all, as on a phone losing its signal. */
export function cutConnection(request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  request.raw.socket.destroy();
}

/** The failing provider's answer a fault makes instead of the operation's: none for a cut connection or a wrong state, which the operation runs for. */
export function faultInsteadOfAnswer({ fault, injected }: Pick<EarlyChecks, 'fault' | 'injected'>): FaultAnswer | undefined {
  return fault && !injected?.cut && !injected?.wrongState ? injected : undefined;
}

/** A fault's answer sent, after its delay (a `timeout`). */
export async function sendFault(reply: FastifyReply, answer: FaultAnswer): Promise<FastifyReply> {
  if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
  if (answer.raw !== undefined) return reply.status(answer.status).type(answer.contentType ?? 'text/plain').send(answer.raw);
  return reply.status(answer.status).send(answer.body);
}
