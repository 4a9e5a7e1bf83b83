import type { ChangeProtocol } from '@registry/shared';
import { accounts, changeProtocols, organizations } from './schema/index.js';

/**
 * The columns of a change protocol as the contract shows it; a query selecting them left-joins
 * `organizations` (the import's SRO) and `accounts` (the operator) on the protocol.
 */
export const protocolColumns = {
  id: changeProtocols.id,
  importId: changeProtocols.importId,
  importChangeId: changeProtocols.importChangeId,
  organizationId: changeProtocols.organizationId,
  organizationName: organizations.name,
  number: changeProtocols.number,
  date: changeProtocols.date,
  outgoingNumber: changeProtocols.outgoingNumber,
  outgoingDate: changeProtocols.outgoingDate,
  isCorrection: changeProtocols.isCorrection,
  operatorName: accounts.fullName,
  createdAt: changeProtocols.createdAt,
};

export interface ProtocolRow {
  id: number;
  importId: number | null;
  importChangeId: number | null;
  organizationId: number | null;
  organizationName: string | null;
  number: string;
  date: string;
  outgoingNumber: string | null;
  outgoingDate: string | null;
  isCorrection: boolean;
  operatorName: string | null;
  createdAt: Date;
}

export function toChangeProtocol(row: ProtocolRow): ChangeProtocol {
  return {
    Id: row.id,
    Import:
      row.importId !== null && row.organizationId !== null
        ? {
            Id: row.importId,
            Organization: { Id: row.organizationId, Name: row.organizationName ?? '' },
            ChangeId: row.importChangeId,
          }
        : null,
    Requisites: { Number: row.number, Date: row.date },
    OutgoingRequisites: { Number: row.outgoingNumber, Date: row.outgoingDate },
    IsCorrection: row.isCorrection,
    OperatorName: row.operatorName,
    CreatedAt: row.createdAt.toISOString(),
  };
}
