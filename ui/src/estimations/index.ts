export { DesignEstimatesTab } from './DesignEstimatesTab';
export {
  AdminEstimationsPage,
  EstimationPage,
  ManagerEstimationsPage,
  MyEstimationsPage,
} from './EstimationPages';
