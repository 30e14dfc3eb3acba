import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.js';

export function registerContentRoutes(_app: FastifyInstance, _services: AppServices): void {}
