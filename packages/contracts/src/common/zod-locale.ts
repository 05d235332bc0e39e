import { z } from 'zod';
import { NOT_EMPTY_MESSAGE, NUMBER_MESSAGE } from './validation.js';

/**
 * Validation messages are shown to Chinese users on both sides (server answers, web forms): zod's
 * Chinese locale, with the spec's words (core §5) where a rule of the spec governs. A field given
 * something that is not a number says 请输入数字！ — whatever schema it is in, so no number of any
 * request answers in zod's words; a non-whole number where a whole one is due says 请输入整数; an
 * unlabelled `min(1)` on a text says 不能为空. Fields with their own message keep it.
 */
const chinese = z.locales.zhCN().localeError;
z.config({
  localeError: (issue) => {
    if (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int'))
      return typeof issue.input === 'number' && Number.isFinite(issue.input) ? '请输入整数' : NUMBER_MESSAGE;
    if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1)
      return NOT_EMPTY_MESSAGE;
    return chinese?.(issue);
  },
});
