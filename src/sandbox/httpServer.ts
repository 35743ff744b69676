import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { SandboxMode } from './handler';
import { frameworkRefusal, refuseClient, REQUEST_LIMITS } from './requestLimits';

/** Fastify's settings for the sandbox: its request limits, and its own refusals in the spec's shape. */
export function serverOptions(logger: boolean): FastifyServerOptions {
  return {
    logger,
    // Small by default (JSON calls); uploads raise it on their own routes.
    bodyLimit: REQUEST_LIMITS.jsonBytes,
    routerOptions: { maxParamLength: REQUEST_LIMITS.pathValueChars },
    // The refusals made before a route is found (a path value too long, a URL that is not one) and those of Node's HTTP parser, in the spec's shape.
    frameworkErrors: (error, _request, reply) => {
      const answer = frameworkRefusal(error, REQUEST_LIMITS.jsonBytes);
      return (reply as FastifyReply).status(answer.status).send(answer.body);
    },
    clientErrorHandler: refuseClient,
  };
}

/**
 * Whatever fails inside is answered in the spec's shape, its cause kept in the log (a
 * framework's refusal keeps its status: a body too large is 413, a bad JSON text 400).
 */
export function answerFailures(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const answer = frameworkRefusal(error, reply.request.routeOptions.bodyLimit ?? REQUEST_LIMITS.jsonBytes);
    // Its name and where, not its message: a message may quote the data that broke it.
    if (answer.status >= 500) request.log.error({ error: error.name, code: error.code, at: error.stack?.split('\n').slice(1, 6).join('\n') }, 'sandbox error');
    return reply.status(answer.status).send(answer.body);
  });
}

/** The headers every answer carries (an `onSend` hook): the page, its files, the API, errors. */
export function answerHeaders(mode: SandboxMode, now: () => Date) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // Answers carry customers' data: never cached by the browser or a proxy.
    if (!reply.getHeader('cache-control')) reply.header('cache-control', 'no-store');
    // Every answer, files too, is what its type says (no sniffing a JSON or an image as a page);
    // in production, served over https behind its proxy, the browser keeps to https for a year.
    reply.header('x-content-type-options', 'nosniff');
    if (mode === 'production' || request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // The provider's clock, which signed calls' identities are checked against: a client whose
    // clock is wrong learns the difference here (the sandbox's clock may be a test's).
    reply.header('date', now().toUTCString());
    return payload;
  };
}
