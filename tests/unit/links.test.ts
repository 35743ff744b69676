import { describe, expect, it } from 'vitest';
import { fillLink, linkValueNames, matchLink, MAX_LINK_URL_LENGTH, routeForms, routeShape, throughLink, type JourneyLink } from '../../src/pack/links';

const verify: JourneyLink = { route: '/verificar-telefono/:id?/:uid', event: 'link.verifyPhone', query: ['canal'] };
const resume: JourneyLink = { route: '/retomar/:ticket?', event: 'link.resume' };
const returned: JourneyLink = { route: '/pago/retorno', event: 'link.paymentReturned', query: ['payment', 'result', 'signature'] };
const links = [verify, resume, returned];

describe('matchLink', () => {
  it('reads a link\'s path values and the query values it takes, ignoring any other', () => {
    expect(matchLink(links, '/verificar-telefono/A1/U2', '?canal=sms&otro=1')).toEqual({ link: verify, values: { id: 'A1', uid: 'U2', canal: 'sms' } });
    expect(matchLink(links, '/pago/retorno', '?payment=P-1&result=ok&signature=s%2Bg&extra=x')).toEqual({
      link: returned,
      values: { payment: 'P-1', result: 'ok', signature: 's+g' },
    });
  });

  it('leaves an optional value out when the path does not have it (the later optional first)', () => {
    expect(matchLink(links, '/verificar-telefono/U2')?.values).toEqual({ uid: 'U2' });
    expect(matchLink(links, '/retomar')).toEqual({ link: resume, values: {} });
    expect(matchLink(links, '/retomar/')).toEqual({ link: resume, values: {} });
    expect(matchLink(links, '/retomar/T-9')?.values).toEqual({ ticket: 'T-9' });
  });

  it('decodes each segment, keeping an encoded "/" inside its own segment', () => {
    expect(matchLink(links, '/retomar/a%2Fb')?.values).toEqual({ ticket: 'a/b' });
    expect(matchLink(links, '/retomar/a/b')).toBeUndefined();
    expect(matchLink([{ route: '/señal/:x', event: 'link.signal' }], '/se%C3%B1al/%C3%B1')?.values).toEqual({ x: 'ñ' });
    // Decoded once: an encoded "%" stays a "%".
    expect(matchLink(links, '/retomar/%2541')?.values).toEqual({ ticket: '%41' });
  });

  it('takes no path with broken encoding, too many or too few segments, or over the length limit', () => {
    expect(matchLink(links, '/retomar/%E0%A4%A')).toBeUndefined();
    expect(matchLink(links, '/verificar-telefono')).toBeUndefined();
    expect(matchLink(links, '/verificar-telefono/a/b/c')).toBeUndefined();
    expect(matchLink(links, `/retomar/${'x'.repeat(MAX_LINK_URL_LENGTH)}`)).toBeUndefined();
    expect(matchLink(links, '/retomar/x', `?${'y'.repeat(MAX_LINK_URL_LENGTH)}`)).toBeUndefined();
  });

  it('gives each path its own link, and none to a path no link has', () => {
    expect(matchLink(links, '/retomar/T')?.link).toBe(resume);
    expect(matchLink(links, '/pago/retorno')?.link).toBe(returned);
    expect(matchLink(links, '/pago/otro')).toBeUndefined();
    expect(matchLink(links, '/')).toBeUndefined();
    expect(matchLink([], '/retomar')).toBeUndefined();
    expect(matchLink(undefined, '/retomar')).toBeUndefined();
  });

  it('leaves an empty query value out', () => {
    expect(matchLink(links, '/pago/retorno', '?payment=&result=ok')?.values).toEqual({ result: 'ok' });
  });
});

describe('what else a link says', () => {
  it('names its values, fills its URL, and its route by shape and by the paths it stands for', () => {
    expect(linkValueNames(verify)).toEqual(['id', 'uid', 'canal']);
    expect(fillLink(resume, { ticket: 'a/b c' })).toBe('/retomar/a%2Fb%20c');
    expect(fillLink(resume, {})).toBe('/retomar');
    expect(fillLink(returned, { payment: 'P 1', result: 'ok' })).toBe('/pago/retorno?payment=P+1&result=ok');
    expect(matchLink(links, '/retomar/a%2Fb%20c')?.values).toEqual({ ticket: 'a/b c' });
    expect(routeShape('/v/:id?/:uid')).toBe('/v/:?/:');
    expect(routeShape('/v/:a?/:b')).toBe(routeShape('/v/:x?/:y'));
    expect(routeForms('/v/:id?/:uid')).toEqual(['/v/:', '/v/:/:']);
    expect(routeForms('/retomar/:t?')).toEqual(['/retomar', '/retomar/:']);
  });
});

describe('throughLink', () => {
  it('gives a link event as its URL gives it back (text, only the values the link takes), and any other event as it is', () => {
    expect(throughLink(links, { type: 'link.resume', values: { ticket: 42, other: 'x' } })).toEqual({ type: 'link.resume', values: { ticket: '42' } });
    expect(throughLink(links, { type: 'link.paymentReturned', values: { payment: 'P/1', result: 'ok' } })).toEqual({ type: 'link.paymentReturned', values: { payment: 'P/1', result: 'ok' } });
    expect(throughLink(links, { type: 'link.resume' })).toEqual({ type: 'link.resume', values: {} });
    const other = { type: 'step.next', values: 1 };
    expect(throughLink(links, other)).toBe(other);
  });
});
