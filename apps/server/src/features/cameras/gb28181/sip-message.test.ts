import { describe, expect, it } from 'vitest';
import {
  headerParam,
  messageLength,
  parseCSeq,
  parseSipMessage,
  responseTo,
  SipParseError,
  serializeSipMessage,
  uriUser,
} from './sip-message.js';

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'));

const REGISTER = crlf([
  'REGISTER sip:34020000002000000001@192.168.1.10:5060 SIP/2.0',
  'Via: SIP/2.0/UDP 192.168.1.64:5060;rport;branch=z9hG4bK1371463273',
  'From: <sip:34020000001320000001@3402000000>;tag=2043466181',
  'To: <sip:34020000001320000001@3402000000>',
  'Call-ID: 1011047669',
  'CSeq: 1 REGISTER',
  'Contact: <sip:34020000001320000001@192.168.1.64:5060>',
  'Max-Forwards: 70',
  'User-Agent: IP Camera',
  'Expires: 3600',
  'Content-Length: 0',
  '',
  '',
]);

describe('SIP messages (RFC 3261 §7)', () => {
  it('parses a device REGISTER: start line, headers case-blind, parameters, ids', () => {
    const message = parseSipMessage(REGISTER);
    expect(message.kind).toBe('request');
    if (message.kind !== 'request') return;
    expect([message.method, message.uri]).toEqual(['REGISTER', 'sip:34020000002000000001@192.168.1.10:5060']);
    expect(message.headers.get('CALL-ID')).toBe('1011047669');
    expect(headerParam(message.headers.get('via'), 'branch')).toBe('z9hG4bK1371463273');
    expect(headerParam(message.headers.get('from'), 'tag')).toBe('2043466181');
    expect(uriUser(message.headers.get('from'))).toBe('34020000001320000001');
    expect(parseCSeq(message.headers.get('cseq'))).toEqual({ seq: 1, method: 'REGISTER' });
    expect(message.body.length).toBe(0);
  });

  it('reads compact names, folded lines, several Vias in one header, and cuts the body at Content-Length', () => {
    const message = parseSipMessage(
      crlf([
        'MESSAGE sip:34020000002000000001@3402000000 SIP/2.0',
        'v: SIP/2.0/UDP 10.0.0.2:5060;branch=z9hG4bKa, SIP/2.0/UDP 10.0.0.3:5060;branch=z9hG4bKb',
        'f: <sip:34020000001320000001@3402000000>;tag=1',
        't: <sip:34020000002000000001@3402000000>',
        'i: abc',
        'CSeq: 20 MESSAGE',
        'Subject: first part',
        '  and second part',
        'c: Application/MANSCDP+xml',
        'l: 5',
        '',
        'hello and more',
      ]),
    );
    expect(message.headers.all('via')).toHaveLength(2);
    expect(message.headers.get('subject')).toBe('first part and second part');
    expect(message.headers.get('content-type')).toBe('Application/MANSCDP+xml');
    expect(message.body.toString()).toBe('hello');
  });

  it('parses responses, and serializes a message that parses back the same', () => {
    const request = parseSipMessage(REGISTER);
    if (request.kind !== 'request') throw new Error('request expected');
    const answer = responseTo(request, 401, 'Unauthorized', 'abc');
    answer.headers.set('www-authenticate', 'Digest realm="3402000000", nonce="n"');
    const bytes = serializeSipMessage(answer);
    expect(bytes.toString()).toMatch(/^SIP\/2.0 401 Unauthorized\r\nVia: SIP\/2.0\/UDP 192.168.1.64/);
    expect(bytes.toString()).toContain('WWW-Authenticate: Digest realm="3402000000"');
    expect(bytes.toString()).toContain('Content-Length: 0\r\n\r\n');
    const back = parseSipMessage(bytes);
    expect(back).toMatchObject({ kind: 'response', status: 401, reason: 'Unauthorized' });
    expect(headerParam(back.headers.get('to'), 'tag')).toBe('abc');
    expect(back.headers.get('call-id')).toBe('1011047669');
  });

  it('frames a TCP stream by Content-Length', () => {
    const body = '<Notify/>';
    const one = Buffer.from(
      `MESSAGE sip:a@b SIP/2.0\r\nVia: SIP/2.0/TCP h;branch=z9hG4bK1\r\nFrom: <sip:x@y>;tag=1\r\nTo: <sip:a@b>\r\nCall-ID: 1\r\nCSeq: 1 MESSAGE\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(messageLength(one.subarray(0, 30))).toBe(-1);
    expect(messageLength(one.subarray(0, one.length - 2))).toBe(-1);
    expect(messageLength(Buffer.concat([one, one]))).toBe(one.length);
    expect(() => messageLength(Buffer.from('MESSAGE sip:a@b SIP/2.0\r\nVia: x\r\n\r\n'))).toThrow(
      SipParseError,
    );
    expect(() => messageLength(Buffer.from('A\r\nContent-Length: -4\r\n\r\n'))).toThrow(SipParseError);
  });

  it('refuses what is not SIP with SipParseError, never anything else', () => {
    const bad = [
      '',
      'hello',
      'GET / HTTP/1.1\r\nHost: x\r\n\r\n',
      'REGISTER sip:a SIP/2.0\r\n\r\n',
      'REGISTER sip:a SIP/2.0\r\nVia x\r\n\r\n',
      'SIP/2.0 999 Odd\r\n\r\n',
      'REGISTER sip:a SIP/2.0\r\nVia: a\r\nFrom: a\r\nTo: a\r\nCall-ID: a\r\nCSeq: 1 REGISTER\r\nContent-Length: 99\r\n\r\nshort',
      ' folded first\r\n\r\n',
    ];
    for (const text of bad) expect(() => parseSipMessage(Buffer.from(text)), text).toThrow(SipParseError);
    // Random bytes, and every prefix of a real message: a parse error or a message, nothing else.
    for (let i = 0; i < 2000; i++) {
      const bytes = Buffer.from(Array.from({ length: 1 + (i % 300) }, () => Math.floor(Math.random() * 256)));
      if (i % 3 === 0) bytes.write('INVITE sip:x SIP/2.0\r\n', 0);
      try {
        parseSipMessage(i % 2 ? bytes : REGISTER.subarray(0, i % REGISTER.length));
      } catch (error) {
        expect(error).toBeInstanceOf(SipParseError);
      }
    }
  });
});
