import { z } from 'zod';

// Validation messages are shown to Chinese users on both sides (server answers, web forms).
z.config(z.locales.zhCN());
