import { THEMES, type Theme } from '@iot/contracts/users';
import { theme as antdTheme, ConfigProvider, type ThemeConfig } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The five themes of spec core §1: each a full Ant Design theme (algorithm and tokens) plus the
 * CSS variables the shell's own parts (top bar, sidebar, page background) read.
 */
interface ThemeDefinition {
  config: ThemeConfig;
  vars: Record<string, string>;
}

const base = {
  borderRadius: 6,
  fontFamily: '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", system-ui, sans-serif',
};

const DEFINITIONS: Record<Theme, ThemeDefinition> = {
  light: {
    config: { algorithm: antdTheme.defaultAlgorithm, token: { ...base, colorPrimary: '#1677ff' } },
    vars: {
      '--shell-header-bg': '#ffffff',
      '--shell-header-text': '#1f2937',
      '--shell-sider-bg': '#ffffff',
      '--shell-page-bg': '#f3f5f9',
      '--shell-border': '#e5e7eb',
      '--shell-accent': '#1677ff',
      '--shell-glow': 'none',
    },
  },
  dark: {
    config: {
      algorithm: antdTheme.darkAlgorithm,
      token: { ...base, colorPrimary: '#3c89e8', colorBgLayout: '#101114', colorBgContainer: '#18191d' },
    },
    vars: {
      '--shell-header-bg': '#18191d',
      '--shell-header-text': '#e5e7eb',
      '--shell-sider-bg': '#18191d',
      '--shell-page-bg': '#101114',
      '--shell-border': '#2a2c33',
      '--shell-accent': '#3c89e8',
      '--shell-glow': 'none',
    },
  },
  tech: {
    config: {
      algorithm: antdTheme.darkAlgorithm,
      token: {
        ...base,
        colorPrimary: '#13c2ff',
        colorInfo: '#13c2ff',
        colorBgLayout: '#06132b',
        colorBgContainer: '#0c2149',
        colorBgElevated: '#0f2a5a',
        colorBorder: '#1d4283',
        colorBorderSecondary: '#17366c',
        colorText: '#d6e7ff',
      },
      components: {
        Menu: { darkItemBg: '#081a3a', darkSubMenuItemBg: '#06132b' },
        Layout: { siderBg: '#081a3a' },
      },
    },
    vars: {
      '--shell-header-bg': 'linear-gradient(90deg, #061634 0%, #0b2a5e 50%, #061634 100%)',
      '--shell-header-text': '#bfe6ff',
      '--shell-sider-bg': '#081a3a',
      '--shell-page-bg': 'radial-gradient(ellipse at top, #0b2756 0%, #06132b 60%)',
      '--shell-border': '#1d4283',
      '--shell-accent': '#13c2ff',
      '--shell-glow': '0 0 12px rgba(19, 194, 255, 0.35)',
    },
  },
  gang: {
    config: {
      algorithm: antdTheme.defaultAlgorithm,
      token: { ...base, colorPrimary: '#c0392b', colorBgLayout: '#eef0f2', borderRadius: 2 },
    },
    vars: {
      '--shell-header-bg': '#2c3e50',
      '--shell-header-text': '#ecf0f1',
      '--shell-sider-bg': '#ffffff',
      '--shell-page-bg': '#eef0f2',
      '--shell-border': '#d5d9de',
      '--shell-accent': '#c0392b',
      '--shell-glow': 'none',
    },
  },
  huaqing: {
    config: {
      algorithm: antdTheme.defaultAlgorithm,
      token: { ...base, colorPrimary: '#0f9d8a', colorBgLayout: '#eef7f5' },
    },
    vars: {
      '--shell-header-bg': 'linear-gradient(90deg, #0b6e63 0%, #0f9d8a 100%)',
      '--shell-header-text': '#f0fffb',
      '--shell-sider-bg': '#ffffff',
      '--shell-page-bg': '#eef7f5',
      '--shell-border': '#cfe7e2',
      '--shell-accent': '#0f9d8a',
      '--shell-glow': 'none',
    },
  },
};

export const THEME_LABELS: Record<Theme, string> = {
  light: '明亮',
  dark: '暗黑',
  tech: '科技',
  gang: '钢铁',
  huaqing: '华清',
};

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** Applies a theme to everything inside: Ant Design components and the shell's CSS variables. */
export function ThemeScope({ theme, children }: { theme: Theme; children: ReactNode }) {
  const definition = DEFINITIONS[theme];
  return (
    <ConfigProvider theme={definition.config}>
      <div
        className={`theme-scope theme-${theme}`}
        data-theme={theme}
        style={definition.vars as CSSProperties}
      >
        {children}
      </div>
    </ConfigProvider>
  );
}
