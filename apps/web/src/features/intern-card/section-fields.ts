/*
 * The section field declarations and the formatting of their values now live in lib, where the documents
 * screen shares them with the card; the card's files keep importing them from here.
 */
export * from '@/lib/section-fields';
export * from '@/lib/field-values';
