import { Typography } from 'antd';
import { usePackages } from '../api';

/** The project's set meal by its maximum: the package of that quantity, 自定义 otherwise, 不限 for -1. */
export function SetMealName({ groupId, max }: { groupId: number; max: number }) {
  const packages = usePackages(groupId);
  if (max === -1) return <span data-testid="overview-set-meal-name">不限</span>;
  const meal = packages.data?.find((p) => p.kind === 'setMeal' && p.quantity === max);
  return (
    <span data-testid="overview-set-meal-name">
      {meal ? meal.name : `${max}个监测项`}
      {!meal && packages.data && <Typography.Text type="secondary">（自定义）</Typography.Text>}
    </span>
  );
}
