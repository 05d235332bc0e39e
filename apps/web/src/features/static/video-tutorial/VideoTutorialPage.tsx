import { HomeOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Grid, List, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/LoadState';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { GUIDE_STEPS, GuideShot, useGuideShots } from '../../guide/index';
import '../manuals/manual.css';

/** Seconds each capture stays on screen while playing. */
const SLIDE_SECONDS = 4;

/**
 * /videotutorial (platform-core §2): the main tasks as step-by-step captures of our own UI — the
 * 新手引导's screenshots, made with Chromium over the demo data (scripts/guide-shots.mjs) — played
 * one after another with their numbered hints. The page says plainly that these are captures, not
 * recorded videos.
 */
export function VideoTutorialPage() {
  useDocumentTitle('视频教程');
  const narrow = !(Grid.useBreakpoint().md ?? true);
  const shots = useGuideShots(true);
  const [tutorial, setTutorial] = useState(0);
  const [slide, setSlide] = useState(0);
  const [playing, setPlaying] = useState(true);
  const pages = GUIDE_STEPS[tutorial]!.pages;

  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => {
      if (slide + 1 < pages.length) setSlide(slide + 1);
      else if (tutorial + 1 < GUIDE_STEPS.length) {
        setTutorial(tutorial + 1);
        setSlide(0);
      } else setPlaying(false);
    }, SLIDE_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [playing, slide, tutorial, pages.length]);

  const choose = (index: number) => {
    setTutorial(index);
    setSlide(0);
    setPlaying(true);
  };
  const page = pages[slide]!;

  return (
    <div className="centered-page" style={{ alignItems: 'flex-start' }}>
      <Card
        title="视频教程"
        extra={
          <Link to="/index">
            <Button size="small" icon={<HomeOutlined />}>
              返回首页
            </Button>
          </Link>
        }
        style={{ width: '100%', maxWidth: 1280, margin: '24px auto' }}
        data-testid="video-tutorial"
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="本页是平台界面的分步截图，按顺序自动播放；暂无录制的视频。"
          description="截图由脚本驱动浏览器在演示数据上操作平台自动截取，与当前版本的界面一致。"
        />
        <div className={narrow ? 'tutorial tutorial-narrow' : 'tutorial'}>
          <List
            size="small"
            bordered
            dataSource={GUIDE_STEPS}
            renderItem={(step, index) => (
              <List.Item
                className={index === tutorial ? 'tutorial-item tutorial-item-active' : 'tutorial-item'}
                onClick={() => choose(index)}
                data-testid="tutorial-item"
              >
                {index + 1}. {step.title}
                <Typography.Text type="secondary">（{step.pages.length} 张）</Typography.Text>
              </List.Item>
            )}
          />
          <div>
            <Space style={{ marginBottom: 12 }} wrap>
              <Button
                icon={playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
                onClick={() => setPlaying(!playing)}
                data-testid="tutorial-play"
              >
                {playing ? '暂停' : '播放'}
              </Button>
              <Button disabled={slide === 0} onClick={() => setSlide(slide - 1)}>
                上一张
              </Button>
              <Button disabled={slide + 1 >= pages.length} onClick={() => setSlide(slide + 1)}>
                下一张
              </Button>
              <Typography.Text data-testid="tutorial-position">
                {GUIDE_STEPS[tutorial]!.title} {slide + 1}/{pages.length}
              </Typography.Text>
            </Space>
            {shots.isLoading ? (
              <Spin style={{ display: 'block', margin: '80px auto' }} />
            ) : shots.isError ? (
              <LoadError what="教程截图" error={shots.error} onRetry={shots.refetch} compact />
            ) : (
              <GuideShot page={page} markers={shots.data?.[page.shot]?.markers ?? []} narrow={narrow} />
            )}
          </div>
        </div>
      </Card>
    </div>
  );
}
