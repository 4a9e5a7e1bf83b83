import { OperatorPageSchema, type Operator } from '@registry/shared';
import type { SearchEndpoint } from '@/lib/search-queries';

/** `GET /api/v1/operators/search?term&page`: accounts by full name or e-mail. */
export const operatorsEndpoint: SearchEndpoint<Operator> = {
  key: ['operators'],
  path: '/api/v1/operators',
  schema: OperatorPageSchema,
};
