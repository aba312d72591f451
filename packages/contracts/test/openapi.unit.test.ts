import { describe, expect, it } from '@jest/globals';
import { buildOpenApiDocument, TOTAL_COUNT_HEADER } from '../src/index.ts';

const document = buildOpenApiDocument();

describe('the OpenAPI document', () => {
  it.each(['/api/deposits', '/api/withdrawals', '/api/investments', '/api/transactions'])(
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

  it('GET /api/transactions takes the tab as ?type= and documents how the screen signs amounts', () => {
    const get = document.paths?.['/api/transactions']?.get;
    expect(get?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          in: 'query',
          name: 'type',
          schema: expect.objectContaining({ enum: ['all', 'investments', 'deposits', 'withdrawals'] }),
        }),
      ]),
    );
    const item = document.components?.schemas?.TransactionHistoryItem as {
      properties: Record<string, { description?: string }>;
    };
    expect(item.properties.direction?.description).toContain('signs by this direction');
    expect(item.properties.status?.description).toContain('active for an investment still growing');
  });
});
