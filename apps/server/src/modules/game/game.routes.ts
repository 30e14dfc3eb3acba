import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.js';

export function registerGameRoutes(_app: FastifyInstance, _services: AppServices): void {}
