import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '@registry/shared';
import { decide, roleOf, startPageOf, type RouteRequirement } from './route-access';

const anonymous: SessionInfo = {
  IsAuthenticated: false,
  IsOperator: false,
  Organization: null,
  FullName: null,
};
const operator: SessionInfo = {
  IsAuthenticated: true,
  IsOperator: true,
  Organization: null,
  FullName: 'Оператор',
};
const organization: SessionInfo = {
  IsAuthenticated: true,
  IsOperator: false,
  Organization: { Id: 3, Name: 'СРО «Кадастр»' },
  FullName: 'Представитель',
};

const allow = { kind: 'allow' };
const toPublic = { kind: 'redirect', to: '/public' };
const toMain = { kind: 'redirect', to: '/' };

describe('roleOf', () => {
  it('tells the three roles apart', () => {
    expect(roleOf(anonymous)).toBe('anonymous');
    expect(roleOf(operator)).toBe('operator');
    expect(roleOf(organization)).toBe('organization');
  });
});

describe('startPageOf', () => {
  it('sends a representative to the office and an operator to main', () => {
    expect(startPageOf(organization)).toBe('/lk');
    expect(startPageOf(operator)).toBe('/');
  });
});

describe('decide', () => {
  it('lets everybody open a route for anyone', () => {
    for (const session of [anonymous, operator, organization])
      expect(decide('anyone', session)).toEqual(allow);
  });

  it('sends a visitor who is not logged in from every restricted route to the public registry', () => {
    const restricted: RouteRequirement[] = ['member', 'operator', 'organization'];
    for (const requirement of restricted) expect(decide(requirement, anonymous)).toEqual(toPublic);
  });

  it('sends a logged-in user away from the login page to their start page', () => {
    expect(decide('guest', anonymous)).toEqual(allow);
    expect(decide('guest', operator)).toEqual(toMain);
    expect(decide('guest', organization)).toEqual({ kind: 'redirect', to: '/lk' });
  });

  it('sends a user lacking the role to main', () => {
    expect(decide('operator', organization)).toEqual(toMain);
    expect(decide('organization', operator)).toEqual(toMain);
  });

  it('lets a user with the role in', () => {
    expect(decide('operator', operator)).toEqual(allow);
    expect(decide('organization', organization)).toEqual(allow);
    expect(decide('member', operator)).toEqual(allow);
    expect(decide('member', organization)).toEqual(allow);
  });
});
