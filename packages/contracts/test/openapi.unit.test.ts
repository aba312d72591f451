import { describe, expect, it } from '@jest/globals';
import { buildOpenApiDocument, TOTAL_COUNT_HEADER } from '../src/index.ts';

const document = buildOpenApiDocument();

describe('the OpenAPI document', () => {
  it.each(['/api/deposits', '/api/withdrawals', '/api/investments'])(
    'GET %s declares page and pageSize and answers the total in X-Total-Count',
    (path) => {
      const get = document.paths?.[path]?.get;
      expect(get?.parameters).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ in: 'query', name: 'page' }),
          expect.objectContaining({ in: 'query', name: 'pageSize' }),
        ]),
      );
      expect(get?.responses?.['200']).toMatchObject({
        headers: { [TOTAL_COUNT_HEADER]: { schema: { type: 'integer' } } },
      });
    },
  );
});
