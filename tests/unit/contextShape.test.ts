import { describe, expect, it } from 'vitest';
import { mergeShape, resolveShape, shapeOfSchema, shapeTree, shapeOfValue } from '../../src/checker/contextShape';

const keysOf = (shape: ReturnType<typeof shapeOfSchema> | undefined) => [...(shape?.props?.keys() ?? [])].sort();

describe('the shapes pointers are checked against', () => {
  it('a schema read in two places keeps its own keys: merging it with another schema does not grow it', () => {
    // One answer schema listed first among a list's item schemas, and kept elsewhere by itself.
    const plan = { type: 'object', properties: { planId: { type: 'string' } } };
    const extra = { type: 'object', properties: { discount: { type: 'number' } } };
    shapeOfSchema({ type: 'array', prefixItems: [plan, extra] });
    shapeOfSchema({ type: 'object', additionalProperties: plan, patternProperties: { '^x': extra } });
    expect(keysOf(shapeOfSchema(plan))).toEqual(['planId']);
    expect(resolveShape(shapeOfSchema(plan), ['discount']).ok).toBe(false);
  });

  it('merges two declarations into one that has both keys, changing neither', () => {
    const a = shapeOfValue({ name: 'x', nested: { one: 1 } });
    const b = shapeOfValue({ phone: 'y', nested: { two: 2 } });
    const merged = mergeShape(a, b);
    expect(keysOf(merged)).toEqual(['name', 'nested', 'phone']);
    expect(keysOf(merged.props?.get('nested'))).toEqual(['one', 'two']);
    expect(keysOf(a.props?.get('nested'))).toEqual(['one']);
    expect(keysOf(b)).toEqual(['nested', 'phone']);
  });

  it('a tree declares below a shared schema without changing the schema', () => {
    const answer = { type: 'object', properties: { lead: { type: 'object', properties: { id: { type: 'string' } } } } };
    const tree = shapeTree(shapeOfValue({}));
    tree.declare('/order', shapeOfSchema(answer));
    tree.declare('/order/lead/status', shapeOfValue('ok'));
    expect(resolveShape(tree.root, ['order', 'lead', 'status']).ok).toBe(true);
    expect(keysOf(shapeOfSchema(answer).props?.get('lead'))).toEqual(['id']);
  });
});
