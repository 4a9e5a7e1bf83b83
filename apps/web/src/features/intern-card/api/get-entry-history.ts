import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ArchiveRecordSchema,
  internSections,
  type ArchiveRecord,
  type InternSectionKey,
} from '@registry/shared';
import { apiRequest } from '@/lib/api-client';

/** The histories of entries; a save of the card makes them stale. */
export const archiveKey = ['archives'] as const;

export function getEntryHistory(
  section: InternSectionKey,
  entryId: number,
  signal?: AbortSignal,
): Promise<ArchiveRecord[]> {
  return apiRequest(`/api/v1/archives/${internSections[section].slug}/${entryId}`, {
    schema: z.array(ArchiveRecordSchema),
    signal,
  });
}

export const entryHistoryQueryOptions = (section: InternSectionKey, entryId: number) =>
  queryOptions({
    queryKey: [...archiveKey, section, entryId],
    queryFn: ({ signal }) => getEntryHistory(section, entryId, signal),
  });

/** The timeline of one saved entry, first version first. */
export function useEntryHistory(section: InternSectionKey, entryId: number) {
  return useQuery(entryHistoryQueryOptions(section, entryId));
}
