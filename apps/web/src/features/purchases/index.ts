export { showBuyReminder } from './buyReminder';
export { ProjectOrdersCard } from './components/ProjectOrdersCard';
export { PurchaseHost } from './components/PurchaseHost';
export { SetMealName } from './components/SetMealName';
export { Orders } from './pages/Orders';
export { PayOrderPage } from './pages/PayOrder';
export { openPurchase } from './purchaseStore';
