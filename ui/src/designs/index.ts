export { DesignDetailPage } from './DesignDetailPage';
export {
  DesignManagementPage,
  DesignManagerDesignsPage,
  SharedDesignsPage,
  TrashPage,
} from './DesignListPages';
export { MyDesignsPage } from './MyDesignsPage';
