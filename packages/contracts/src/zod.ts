// The one place zod is configured. Every schema in this package is built from this `z`, so that error
// texts for rules without a spec message still name the field ("email is required") and read well in a toast.
import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';

extendZodWithOpenApi(z);

function fieldName(path: readonly PropertyKey[] | undefined): string {
  return path && path.length > 0 ? path.map(String).join('.') : 'Request body';
}

z.config({
  customError: (issue) => {
    const field = fieldName(issue.path);
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined) return `${field} is required`;
        if (field === 'Request body') return 'Request body must be a JSON object';
        return `${field} must be ${issue.expected === 'object' ? 'an object' : `a ${issue.expected}`}`;
      case 'unrecognized_keys':
        return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
      case 'invalid_value':
        return `${field} must be one of: ${issue.values.map(String).join(', ')}`;
      case 'too_big':
        return issue.origin === 'string'
          ? `${field} must be at most ${String(issue.maximum)} characters`
          : `${field} must be at most ${String(issue.maximum)}`;
      case 'too_small':
        return issue.origin === 'string'
          ? `${field} must be at least ${String(issue.minimum)} characters`
          : `${field} must be at least ${String(issue.minimum)}`;
      case 'invalid_format':
        return `${field} is not valid`;
      default:
        return undefined;
    }
  },
});

export { z };
