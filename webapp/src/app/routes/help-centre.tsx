export { HelpCentrePage as Component } from '../../features/help-centre/routes/help-centre-page';
