import { httpStatusOf, messageKeyOf, type Failure } from '@platform/contract';
import type { FastifyReply } from 'fastify';

/** The failure envelope of a code: its message key for the web app, and issues when there are any. */
export function fail(code: Failure['code'], issues?: Failure['issues']): Failure {
  return { success: false, code, message: messageKeyOf(code), ...(issues ? { issues } : {}) };
}

/** Answers a failure with its honest HTTP status. */
export function sendFailure(reply: FastifyReply, failure: Failure): FastifyReply {
  return reply.status(httpStatusOf[failure.code]).send(failure);
}
