import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/**
 * A route whose screen is not built yet. Menus do not show such entries (decision 0035); this
 * answers the address anyway (a bookmark, a link) and tells the user plainly, with a way back.
 */
export function UnderConstruction({ title }: { title: string }) {
  const navigate = useNavigate();
  const state = window.history.state as { idx?: number } | null;
  return (
    <Result
      icon={<ClockCircleOutlined />}
      title={`${title}暂未开放`}
      subTitle="该功能尚未开放使用，开放后会出现在菜单中。"
      extra={
        <Button type="primary" onClick={() => ((state?.idx ?? 0) > 0 ? navigate(-1) : navigate('/projects'))}>
          返回
        </Button>
      }
      data-testid="under-construction"
    />
  );
}
