/** The o200k_base ranks as a file of the site (under the portal's folder): the query island's tokenizer reads them. */
export const TOKEN_RANKS_FILE = 'kb-pack/o200k_base.json';
