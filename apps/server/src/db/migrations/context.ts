/** What a migration is told about the database it runs on. */
export interface MigrationContext {
  dialect: 'sqlite' | 'postgres';
  /** the column type of an auto-increment integer key */
  id: 'integer' | 'serial';
}
