import { describe, expect, it } from 'vitest';
import { passwordLoginBody } from './auth.ts';
import { passwordLoginProblems } from './login-rules.ts';

const zodProblem = (field: 'name' | 'password', value: string): string | null => {
  const result = passwordLoginBody.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

describe('passwordLoginProblems', () => {
  const values = ['', ' ', '  \t\n', '\u3000', 'a', ' qiye ', 'Demo@2026', ' \u3000x'];

  it('answers as passwordLoginBody does, field by field', () => {
    for (const name of values) {
      for (const password of values) {
        expect(passwordLoginProblems({ name, password })).toEqual({
          name: zodProblem('name', name),
          password: zodProblem('password', password),
        });
      }
    }
  });
});
