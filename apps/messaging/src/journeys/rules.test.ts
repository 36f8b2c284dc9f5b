import { describe, expect, it } from 'vitest';
import type { DomainError } from '@ncs/contracts';
import { buildStep, checkSubmission, isCorrect, launchFailure, quizResult, showsMeta } from './rules.js';

const question = (multiple: boolean, correct: boolean[]) =>
  buildStep(
    {
      kind: 'question',
      text: 'Q?',
      multiple,
      choices: correct.map((c, i) => ({ text: `c${i}`, correct: c })),
    },
    '/body',
  );

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as DomainError).code;
  }
  return undefined;
};

describe('journey rules', () => {
  it('builds steps with fresh EIDs and rejects repeated choices or several correct single choices', () => {
    const step = question(false, [true, false]);
    expect(step.choices.map((c) => c.EID)).toHaveLength(2);
    expect(new Set([step.EID, ...step.choices.map((c) => c.EID)]).size).toBe(3);
    const repeated = { kind: 'question' as const, text: 'Q', choices: [{ text: 'A' }, { text: ' a' }] };
    expect(codeOf(() => buildStep(repeated, '/body'))).toBe(-465);
    expect(codeOf(() => question(false, [true, true]))).toBe(-465);
    expect(question(true, [true, true]).multiple).toBe(true);
  });

  it('fails a launch without steps, then without participants, then with too many', () => {
    expect(launchFailure(0, 5)).toBe('no_steps');
    expect(launchFailure(1, 0)).toBe('no_participants');
    expect(launchFailure(1, 10_001)).toBe('too_many_participants');
    expect(launchFailure(1, 1)).toBeNull();
  });

  it('checks submitted choices and scores them', () => {
    const single = question(false, [false, true]);
    const [a, b] = single.choices.map((c) => c.EID) as [string, string];
    expect(codeOf(() => checkSubmission(single, ['0'.repeat(24)]))).toBe(-466);
    expect(codeOf(() => checkSubmission(single, [a, b]))).toBe(-470);
    expect(isCorrect(single, [b])).toBe(true);
    expect(isCorrect(single, [a])).toBe(false);
    const multi = question(true, [true, true, false]);
    const [x, y] = multi.choices.map((c) => c.EID) as [string, string];
    expect(isCorrect(multi, [x])).toBe(false);
    expect(isCorrect(multi, [x, y])).toBe(true);
    expect(isCorrect(question(false, [false, false]), [a])).toBeNull();
  });

  it('counts quiz results over quiz questions only', () => {
    const quiz = question(false, [true, false]);
    const survey = question(false, [false, false]);
    const result = quizResult(
      [quiz, survey],
      [
        { stepEID: quiz.EID, correct: true },
        { stepEID: survey.EID, correct: null },
      ],
    );
    expect(result).toEqual({ correct: 1, answered: 1, total: 1 });
  });

  it('shows _meta always before 2025.3.0, only when whitelisted from then on', () => {
    expect(showsMeta('2025.2.99', undefined)).toBe(true);
    expect(showsMeta('2025.3.0', undefined)).toBe(false);
    expect(showsMeta('2025.3.0', '_meta')).toBe(true);
    // `fields` is a list: `_meta` among other names whitelists it too; a name like it does not.
    expect(showsMeta('2025.3.0', 'name,_meta')).toBe(true);
    expect(showsMeta('2025.3.0', 'name,_metadata')).toBe(false);
  });
});
