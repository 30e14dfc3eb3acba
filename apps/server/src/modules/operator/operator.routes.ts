import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.js';

export function registerOperatorRoutes(_app: FastifyInstance, _services: AppServices, _secret: string): void {}
