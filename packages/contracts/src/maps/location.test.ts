import { describe, expect, it } from 'vitest';
import { parseArea } from './area.js';
import {
  emptyLocation,
  locateByReportDataOf,
  normaliseLocation,
  pickGateway,
  switchCoordinateSystem,
  switchLocateType,
  switchLocationMode,
} from './location.js';

const gateway = {
  id: 7,
  alias: '泵站网关',
  locateByReportData: 0,
  lonIdentification: 'LNG',
  latIdentification: 'LAT',
};

describe('location mode (§4)', () => {
  it('manual clears the gateway and identifiers and sets locateByReportData 0', () => {
    const auto = pickGateway(switchLocationMode(emptyLocation(), 1), { ...gateway, locateByReportData: 3 });
    const manual = switchLocationMode(auto, 0);
    expect(manual).toMatchObject({
      locationMode: 0,
      gatewayId: null,
      lonIdentification: '',
      latIdentification: '',
      locateByReportData: 0,
    });
  });
  it('automatic sets locateByReportData 1', () => {
    expect(switchLocationMode(emptyLocation(), 1)).toMatchObject({ locationMode: 1, locateByReportData: 1 });
  });
  it('picking a gateway copies its identifiers and locateByReportData, 0 becoming 1', () => {
    const form = switchLocationMode(emptyLocation(), 1);
    expect(pickGateway(form, gateway)).toMatchObject({
      gatewayId: 7,
      locateByReportData: 1,
      lonIdentification: 'LNG',
      latIdentification: 'LAT',
    });
    expect(pickGateway(form, { ...gateway, locateByReportData: 4 }).locateByReportData).toBe(4);
  });
  it('clearing the gateway resets it', () => {
    const picked = pickGateway(switchLocationMode(emptyLocation(), 1), { ...gateway, locateByReportData: 3 });
    expect(pickGateway(picked, null)).toMatchObject({
      gatewayId: null,
      lonIdentification: '',
      latIdentification: '',
      locateByReportData: 1,
    });
  });
});

describe('coordinate (§4)', () => {
  it('defaults the identifiers to LAC and CELLID', () => {
    expect(emptyLocation()).toMatchObject({
      lonIdentification: 'LAC',
      latIdentification: 'CELLID',
      coordinateSystem: 0,
    });
  });
  it('in automatic mode: 1 for locateType 0, else 2, 3, 4 by coordinate system', () => {
    expect(locateByReportDataOf({ locationMode: 1, locateType: 0, coordinateSystem: 2 })).toBe(1);
    expect(locateByReportDataOf({ locationMode: 1, locateType: 1, coordinateSystem: 0 })).toBe(2);
    expect(locateByReportDataOf({ locationMode: 1, locateType: 1, coordinateSystem: 1 })).toBe(3);
    expect(locateByReportDataOf({ locationMode: 1, locateType: 1, coordinateSystem: 2 })).toBe(4);
    expect(locateByReportDataOf({ locationMode: 0, locateType: 1, coordinateSystem: 2 })).toBe(0);
  });
  it('locateType 1 forces coordinateSystem 0', () => {
    const gcj = { ...switchLocationMode(emptyLocation(), 1), coordinateSystem: 1 as const };
    const switched = switchLocateType(gcj, 1);
    expect(switched).toMatchObject({ locateType: 1, coordinateSystem: 0, locateByReportData: 2 });
    expect(switchCoordinateSystem(switched, 2).locateByReportData).toBe(4);
    expect(switchLocateType(switchCoordinateSystem(switched, 2), 0).locateByReportData).toBe(1);
  });
  it('the server stores what the rules give', () => {
    const typed = {
      ...emptyLocation(),
      locationMode: 1 as const,
      locateType: 1 as const,
      coordinateSystem: 1 as const,
      locateByReportData: 0,
    };
    expect(normaliseLocation('gateway', typed).locateByReportData).toBe(3);
    expect(normaliseLocation('site', { ...typed, locationMode: 0, gatewayId: 3 })).toMatchObject({
      gatewayId: null,
      locateByReportData: 0,
    });
    expect(normaliseLocation('site', { ...typed, gatewayId: null }).locateByReportData).toBe(1);
  });
});

describe('area text (§5)', () => {
  it('parses polygons and ignores invalid text', () => {
    const polygon = [
      { lng: 116.1, lat: 39.9 },
      { lng: 116.2, lat: 39.9 },
      { lng: 116.2, lat: 40 },
    ];
    expect(parseArea(JSON.stringify([polygon]))).toEqual([polygon]);
    expect(parseArea('not json')).toEqual([]);
    expect(parseArea('{"a":1}')).toEqual([]);
    expect(parseArea('')).toEqual([]);
  });
});
