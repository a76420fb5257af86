import { DomainError } from '@/lib/errors/domain-error';
import { pathId as idOf } from '@/lib/http/params';
import { validationText } from '@/lib/errors/validation-text';

/** A 409 naming the field, carrying its Validation key so the console can translate it. */
export function fieldConflict(field: string, key: 'vehicleNumberTaken' | 'driverPhoneTaken' | 'agencyPhoneTaken'): DomainError {
  const error = new DomainError('conflict', 'duplicate', `${field}: ${validationText(key)}`, field);
  error.key = key;
  return error;
}

export function statusConflict(): DomainError {
  const error = new DomainError('conflict', 'status_transition', validationText('statusTransition'));
  error.key = 'statusTransition';
  return error;
}

export const fleetNotFound = (what: 'vehicle' | 'driver' | 'agency') => new DomainError('not_found', 'not_found', `This ${what} was not found.`);

/** A positive integer id from the path, or 404 (an id that cannot exist is not found, never a 400). */
export function pathId(value: string | string[] | undefined, what: 'vehicle' | 'driver' | 'agency'): number {
  const id = idOf(value);
  if (!id) throw fleetNotFound(what);
  return id;
}
